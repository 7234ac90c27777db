import { createFileRoute } from '@tanstack/react-router';
import { searchParams, SLUG } from '@/lib/router/search';
import { printsQueryOptions } from '@/features/shop/api/prints';
import { PrintViewPage } from '@/features/shop/components/PrintViewPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';

// A missing or malformed slug falls back to the first active print (SPEC §2).
const search = searchParams({ print: { pattern: SLUG, max: 120 } });

export const Route = createFileRoute('/print-view')({
  validateSearch: search,
  loader: ({ context: { queryClient } }) => loadMirrored(queryClient, printsQueryOptions()),
  component: function PrintViewRoute() {
    const { print } = Route.useSearch();
    return <PrintViewPage slug={print} />;
  },
});
