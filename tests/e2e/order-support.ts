// Orders as a buyer makes them, for the browser tests: a print of its own, a checkout from the
// buyer's own address, payment on the Stripe stand-in, and the order's private link.
import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { asSuperuser } from './accounts';
import { uniqueEmail } from './support';

const rand = (n: number) => Math.floor(Math.random() * n);
const ip = () => `10.${rand(254)}.${rand(254)}.${rand(254) + 1}`;

type Rec = Record<string, unknown> & { id: string };

export async function newPrint(edition: number): Promise<Rec & { slug: string; title: string }> {
  const slug = `after-sale-${Date.now().toString(36)}-${rand(1e6)}`;
  return asSuperuser('POST', '/api/collections/prints/records', {
    slug,
    title: `Edition ${slug.slice(-6)}`,
    size: '30 × 40 cm',
    currency: 'eur',
    price_cents: 12000,
    edition_size: edition,
    is_active: true,
    sort_order: 900,
  });
}

/** A checkout for one copy, as a buyer's browser sends it (from its own address). */
export async function buy(request: APIRequestContext, printId: string) {
  const res = await request.post('/api/atelier/create-payment', {
    headers: { 'x-forwarded-for': ip() },
    data: { items: [{ id: printId, quantity: 1 }], currency: 'eur', customerEmail: uniqueEmail('collector') },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { url: string; sessionId: string; orderId: string };
}

/** Pays on the Stripe stand-in's page (its webhook fulfils the order). */
async function pay(request: APIRequestContext, checkoutUrl: string) {
  const res = await request.post(checkoutUrl, { maxRedirects: 0 });
  expect(res.status()).toBe(303);
}

/** The order's private link, signed as the server signs it (its secret is hidden from everyone but the superuser). */
async function orderToken(orderId: string) {
  const order = await asSuperuser<{ access_secret: string }>('GET', `/api/collections/orders/records/${orderId}`);
  expect(order.access_secret).not.toBe('');
  return `${orderId}-${createHmac('sha256', order.access_secret).update(`order:${orderId}`).digest('hex').slice(0, 32)}`;
}

/** A print of its own, bought and paid: its order, certificate code and the order's private link. */
export async function paidOrder(request: APIRequestContext) {
  const print = await newPrint(10);
  const checkout = await buy(request, print.id);
  await pay(request, checkout.url);
  const certs = await asSuperuser<{ items: { code: string; file: string }[] }>(
    'GET',
    `/api/collections/certificates/records?filter=${encodeURIComponent(`order_id="${checkout.orderId}"`)}`,
  );
  expect(certs.items).toHaveLength(1);
  return { print, checkout, code: certs.items[0].code, token: await orderToken(checkout.orderId) };
}

/** A certificate code as it is printed and typed (XXXX-XXXX-XXXX). */
export const shown = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;

/**
 * The buyer's bank disputes the order's payment and decides it (`lost`: the money goes back to the
 * buyer), through the Stripe stand-in that took the payment (its checkout page's origin), which
 * sends the signed charge.dispute.* events to the webhook as Stripe would.
 */
export async function bankDecides(
  request: APIRequestContext,
  checkout: { url: string; sessionId: string },
  status: string,
) {
  const res = await request.post(`${new URL(checkout.url).origin}/_control/sessions/${checkout.sessionId}/dispute`, {
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { status: number | null }).status).toBe(200);
}
