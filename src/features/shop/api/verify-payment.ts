import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase/client';
import { PENDING_RECHECK_MS, PENDING_RECHECKS } from '../model/payment-outcome';

export interface VerifiedOrder {
  id: string;
  items: {
    type: 'print' | 'course';
    id: string;
    slug: string;
    title: string;
    quantity: number;
    unit_amount: number;
    currency: string;
  }[];
  status: string;
  payment_status: string;
  amount_total?: number;
  currency?: string;
}

/** POST /api/atelier/verify-payment: the order of a Checkout Session (fulfilled when paid). */
export const verifyPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['verify-payment', sessionId] as const,
    queryFn: async () => {
      const res = await pb.send<{ order: VerifiedOrder; payment_status: string }>('/api/atelier/verify-payment', {
        method: 'POST',
        body: { sessionId },
      });
      return res.order;
    },
    // A failed verification stops loading and shows no order details.
    retry: false,
    // A payment still pending (a delayed payment method) is asked about again for a while.
    refetchInterval: (query) =>
      query.state.data?.payment_status === 'unpaid' && query.state.dataUpdateCount <= PENDING_RECHECKS
        ? PENDING_RECHECK_MS
        : false,
    staleTime: 0,
    gcTime: 0,
  });
