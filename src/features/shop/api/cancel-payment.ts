import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase/client';
import type { VerifiedOrder } from './verify-payment';

/**
 * POST /api/atelier/cancel-payment: closes the Stripe session and gives its copies back at
 * once (docs/api.md). Idempotent, so a reload of /payment-canceled asks again harmlessly.
 */
export const cancelPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['cancel-payment', sessionId] as const,
    queryFn: async () => {
      const res = await pb.send<{ order: VerifiedOrder }>('/api/atelier/cancel-payment', {
        method: 'POST',
        body: { sessionId },
      });
      return res.order;
    },
    // Offline or refused: the hold lapses by itself; nothing for the visitor to do.
    retry: 1,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
