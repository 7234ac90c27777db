import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '@/features/pages/api/page';
import { ContentPage } from '@/features/pages/components/ContentPage';
import { htmlToText } from '@/lib/html/sanitize';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { container } from '@/styles/utils.css';
import { PageHead } from '@/ui/page-head/PageHead';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /{name}: pages the artist creates in the admin UI; an unknown name is the 404 page. */
export const Route = createFileRoute('/$name')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!SLUG.test(params.name)) throw notFound();
    if (!(await loadMirrored(queryClient, pageQueryOptions(params.name)))) throw notFound();
  },
  component: NamedPage,
});

function NamedPage() {
  const { name } = Route.useParams();
  const { data: page } = useSuspenseQuery(pageQueryOptions(name));
  if (!page) throw notFound();
  return (
    <div className={container}>
      <PageHead title={page.title} description={htmlToText(page.body).slice(0, 300) || undefined} />
      <ContentPage page={page} />
    </div>
  );
}
