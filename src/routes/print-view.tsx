import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { printsQueryOptions } from '@/features/shop/api/prints';
import { PrintViewPage } from '@/features/shop/components/PrintViewPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';

// A missing or malformed slug falls back to the first active print (SPEC §2).
const search = z.object({ print: z.string().max(120).regex(/^[a-z0-9-]+$/).optional().catch(undefined) });

export const Route = createFileRoute('/print-view')({
  validateSearch: search,
  loader: ({ context: { queryClient } }) => loadMirrored(queryClient, printsQueryOptions()),
  component: function PrintViewRoute() {
    const { print } = Route.useSearch();
    return <PrintViewPage slug={print} />;
  },
});
