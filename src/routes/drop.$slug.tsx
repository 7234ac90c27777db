import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { dropQueryOptions } from '@/features/drop/api/drop';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { DropPage } from './-components/DropPage';

// `?release=` previews another release time; an invalid value is ignored (default release).
const search = z.object({ release: z.string().max(64).optional().catch(undefined) });

export const Route = createFileRoute('/drop/$slug')({
  validateSearch: search,
  loader: ({ context: { queryClient }, params }) => loadMirrored(queryClient, dropQueryOptions(params.slug)),
  component: DropRoute,
});

function DropRoute() {
  const { slug } = Route.useParams();
  const { release } = Route.useSearch();
  return <DropPage slug={slug} release={release} />;
}
