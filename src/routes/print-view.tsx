import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { searchParams, SLUG } from '@/lib/router/search';
import { exchangeRatesQueryOptions } from '@/features/shop/api/exchange-rates';
import { pickPrint, printsQueryOptions } from '@/features/shop/api/prints';
import { PrintViewPage } from '@/features/shop/components/PrintViewPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { PageHead } from '@/ui/page-head/PageHead';

// A missing or malformed slug shows the first active print. A slug that names no print for sale
// (retired, mistyped) shows it too, saying that print is no longer available, as a 404.
const search = searchParams({ print: { pattern: SLUG, max: 120 } });

export const Route = createFileRoute('/print-view')({
  validateSearch: search,
  loaderDeps: ({ search: { print } }) => ({ print }),
  loader: async ({ context: { queryClient }, deps }) => {
    // Prices use the fallback rates until the server's arrive: the page never waits for them.
    void queryClient.prefetchQuery(exchangeRatesQueryOptions());
    const prints = await loadMirrored(queryClient, printsQueryOptions());
    if (deps.print && !prints.some((p) => p.slug === deps.print)) throw notFound();
  },
  notFoundComponent: () => (
    <>
      <PageHead title="That print is no longer available" />
      <PrintViewPage gone />
    </>
  ),
  component: function PrintViewRoute() {
    const { print: slug } = Route.useSearch();
    const print = pickPrint(useSuspenseQuery(printsQueryOptions()).data, slug);
    return (
      <>
        <PageHead
          title={print?.title ?? 'Print Editions'}
          description={print?.description?.slice(0, 160) || undefined}
        />
        <PrintViewPage slug={slug} />
      </>
    );
  },
});
