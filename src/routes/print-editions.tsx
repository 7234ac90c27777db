import { createFileRoute } from '@tanstack/react-router';
import { searchParams, SLUG } from '@/lib/router/search';
import { printsQueryOptions } from '@/features/shop/api/prints';
import { PrintEditionsPage } from '@/features/shop/components/PrintEditionsPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';

const search = searchParams({ print: { pattern: SLUG, max: 120 } });

export const Route = createFileRoute('/print-editions')({
  validateSearch: search,
  loader: ({ context: { queryClient } }) => loadMirrored(queryClient, printsQueryOptions()),
  component: function PrintEditionsRoute() {
    const { print } = Route.useSearch();
    return <PrintEditionsPage highlight={print} />;
  },
});
