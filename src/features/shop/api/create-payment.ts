import { pb } from '@/lib/pocketbase/client';
import { toAppError } from '@/lib/pocketbase/errors';
import type { CartItem } from '../model/cart';
import type { Currency } from '../model/currency';

export interface CreatePaymentResult {
  url: string;
  sessionId: string;
  orderId: string;
}

/**
 * POST /api/atelier/create-payment (docs/api.md). The server prices everything from the
 * database; titles and prices go along for the record only; the server ignores them.
 */
export async function createPrintPayment(input: {
  items: readonly CartItem[];
  currency: Currency;
  customerEmail: string | null;
}): Promise<CreatePaymentResult> {
  let res: Partial<CreatePaymentResult> | null;
  try {
    res = await pb.send<Partial<CreatePaymentResult> | null>('/api/atelier/create-payment', {
      method: 'POST',
      body: {
        items: input.items.map((i) => ({
          id: i.id,
          title: i.title,
          price: i.price,
          quantity: i.quantity,
          currency: i.currency,
          imageUrl: i.imageUrl,
        })),
        currency: input.currency,
        customerEmail: input.customerEmail,
      },
    });
  } catch (err) {
    // The server's message ("Only 2 left of …", "Payments are not configured …") reaches the toast.
    throw new Error(toAppError(err).message || 'Failed to create checkout session');
  }
  if (!res) throw new Error('Failed to create checkout session');
  if (!res.url) throw new Error('No checkout URL received');
  return { url: res.url, sessionId: res.sessionId ?? '', orderId: res.orderId ?? '' };
}
