import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase/client';
import type { VerifiedOrder } from './verify-payment';

/**
 * POST /api/atelier/cancel-payment: closes the Stripe session and gives its copies back at
 * once (docs/api.md). Idempotent, and harmless for a session that was paid meanwhile.
 */
export async function cancelPayment(sessionId: string): Promise<VerifiedOrder> {
  const res = await pb.send<{ order: VerifiedOrder }>('/api/atelier/cancel-payment', {
    method: 'POST',
    body: { sessionId },
  });
  return res.order;
}

/** /payment-canceled asks once per session; a reload asks again harmlessly. */
export const cancelPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['cancel-payment', sessionId] as const,
    queryFn: () => cancelPayment(sessionId),
    // Offline or refused: the hold lapses by itself; nothing for the visitor to do.
    retry: 1,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
