import { createFileRoute } from '@tanstack/react-router';
import { searchParams, SLUG } from '@/lib/router/search';
import { exchangeRatesQueryOptions } from '@/features/shop/api/exchange-rates';
import { printsQueryOptions } from '@/features/shop/api/prints';
import { PrintEditionsPage } from '@/features/shop/components/PrintEditionsPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { PageHead } from '@/ui/page-head/PageHead';

const search = searchParams({ print: { pattern: SLUG, max: 120 } });

export const Route = createFileRoute('/print-editions')({
  validateSearch: search,
  loader: async ({ context: { queryClient } }) => {
    // Prices use the fallback rates until the server's arrive: the page never waits for them.
    void queryClient.prefetchQuery(exchangeRatesQueryOptions());
    await loadMirrored(queryClient, printsQueryOptions());
  },
  component: function PrintEditionsRoute() {
    const { print } = Route.useSearch();
    return (
      <>
        <PageHead
          title="Print Editions"
          description="Signed limited-edition giclée prints on archival paper. Free worldwide shipping from Stockholm."
        />
        <PrintEditionsPage highlight={print} />
      </>
    );
  },
});
