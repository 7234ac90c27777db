import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { exhibitionQueryOptions } from '@/features/exhibition/api/exhibition';
import { ExhibitionView } from '@/features/exhibition/components/ExhibitionView';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { container } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';

/** /exhibitions/$slug: the sign-up page of an exhibition (e.g. "In the hollow"). */
export const Route = createFileRoute('/exhibitions/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!(await loadMirrored(queryClient, exhibitionQueryOptions(params.slug)))) throw notFound();
  },
  component: ExhibitionRoute,
});

function ExhibitionRoute() {
  const { slug } = Route.useParams();
  const { data: exhibition } = useSuspenseQuery(exhibitionQueryOptions(slug));
  if (!exhibition) throw notFound();
  return (
    <div className={container}>
      <PageHead title={exhibition.title} description={exhibition.description.slice(0, 300) || undefined} />
      <ExhibitionView exhibition={exhibition} />
    </div>
  );
}
