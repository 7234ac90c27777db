import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { printsQueryOptions } from '@/features/shop/api/prints';
import { PrintEditionsPage } from '@/features/shop/components/PrintEditionsPage';
import { loadMirrored } from '@/lib/offline/mirrored-query';

const search = z.object({ print: z.string().max(120).regex(/^[a-z0-9-]+$/).optional().catch(undefined) });

export const Route = createFileRoute('/print-editions')({
  validateSearch: search,
  loader: ({ context: { queryClient } }) => loadMirrored(queryClient, printsQueryOptions()),
  component: function PrintEditionsRoute() {
    const { print } = Route.useSearch();
    return <PrintEditionsPage highlight={print} />;
  },
});
