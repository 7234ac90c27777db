import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { searchParams, SLUG } from '@/lib/router/search';
import { exchangeRatesQueryOptions } from '@/features/shop/api/exchange-rates';
import { pickPrint, printsQueryOptions } from '@/features/shop/api/prints';
import { PrintViewPage } from '@/features/shop/components/PrintViewPage';
import { PageHead } from '@/ui/page-head/PageHead';
import { loadMirrored } from '@/lib/offline/mirrored-query';

// A missing or malformed slug falls back to the first active print.
const search = searchParams({ print: { pattern: SLUG, max: 120 } });

export const Route = createFileRoute('/print-view')({
  validateSearch: search,
  loader: async ({ context: { queryClient } }) => {
    // Prices use the fallback rates until the server's arrive: the page never waits for them.
    void queryClient.prefetchQuery(exchangeRatesQueryOptions());
    await loadMirrored(queryClient, printsQueryOptions());
  },
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
