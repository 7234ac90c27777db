import { createFileRoute, notFound } from '@tanstack/react-router';
import { searchParams } from '@/lib/router/search';
import { dropQueryOptions } from '@/features/drop/api/drop';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { DropPage } from '@/features/drop/components/DropPage';

// `?release=` previews another release time; an invalid value is ignored (default release).
// ("+" in a query string arrives as a space, so spaces are allowed.)
const search = searchParams({ release: { pattern: /^[\w:.+\- ]+$/, max: 64 } });

export const Route = createFileRoute('/drop/$slug')({
  validateSearch: search,
  loader: async ({ context: { queryClient }, params }) => {
    // /drop (no slug) is the default drop; a slug that names no drop is a 404, not another drop
    if (!(await loadMirrored(queryClient, dropQueryOptions(params.slug)))) throw notFound();
  },
  component: DropRoute,
});

function DropRoute() {
  const { slug } = Route.useParams();
  const { release } = Route.useSearch();
  return <DropPage slug={slug} release={release} />;
}
