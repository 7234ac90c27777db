import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_DROP_SLUG } from '@/features/drop/model/countdown';

/** /drop → the default drop (print-drop). */
export const Route = createFileRoute('/drop/')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/drop/$slug', params: { slug: DEFAULT_DROP_SLUG }, search: search as never, replace: true });
  },
});
