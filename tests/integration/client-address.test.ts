// One notion of the client's address (pb_hooks/lib/http/client-ip.js): the socket's, unless the
// operator declares a proxy (TRUSTED_PROXY). Every form and sign-in limit holds for one
// address whatever headers it sends; the stored caps (contact messages, checkout holds) and
// the consent records use the same address; with a declared proxy, X-Forwarded-For counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSuperuser, type TestPocketBase } from '../support/pocketbase';
import { createPrint, list, postFrom, type Shop, startShop } from './shop-support';

/** Headers a client might send to pose as many visitors (a different lie on every request). */
function spoof(i: number): Record<string, string> {
  const variants: Record<string, string>[] = [
    { 'x-forwarded-for': `203.0.113.${i % 250}` },
    { 'x-real-ip': `198.51.100.${i % 250}` },
    { 'x-forwarded-for': `192.0.2.${i % 250}, 10.${i % 250}.0.1`, 'x-real-ip': `192.0.2.${(i + 7) % 250}` },
    { forwarded: `for=192.0.2.${i % 250}` },
    { 'x-forwarded-for': `2001:db8::${i.toString(16)}` },
  ];
  return variants[i % variants.length];
}

async function send(pb: TestPocketBase, method: string, path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${pb.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Saving the settings reloads them, which starts PocketBase's rate limiters afresh. */
async function resetLimits(pb: TestPocketBase) {
  const res = await asSuperuser(pb, '/api/settings', {
    method: 'PATCH',
    body: JSON.stringify({ meta: { appName: 'Atelier' } }),
  });
  expect(res.status).toBe(200);
}

const contact = (kind: 'contact' | 'inquiry', i: number) => ({
  kind,
  name: 'Ada',
  email: 'ada@example.com',
  subject: kind === 'inquiry' ? 'Artwork Inquiry: A work' : 'General Inquiry',
  message: 'Hello',
  clientId: `client-address-${kind}-${i}-${Date.now()}`,
});

// Each route with its per-address limit and a body it answers (any status but 429) while
// under the limit. Bodies are refused (4xx) where a valid one would store or mail something.
const LIMITED: { name: string; method: string; path: string; limit: number; body: (i: number) => unknown }[] = [
  {
    name: 'contact',
    method: 'POST',
    path: '/api/atelier/send-contact',
    limit: 10,
    body: (i) => ({ ...contact('contact', i), name: '' }),
  },
  {
    name: 'inquiry',
    method: 'POST',
    path: '/api/atelier/send-contact',
    limit: 10,
    body: (i) => ({ ...contact('inquiry', i), subject: 'Not an inquiry subject' }),
  },
  {
    name: 'newsletter',
    method: 'POST',
    path: '/api/atelier/subscribe-newsletter',
    limit: 10,
    body: () => ({ email: 'not-an-address', source: 'footer' }),
  },
  {
    name: 'viewing-room unlock',
    method: 'POST',
    path: '/api/atelier/viewing-room/unlock',
    limit: 10,
    body: (i) => ({ token: `${'a'.repeat(15)}.${i.toString(16).padStart(64, '0')}` }),
  },
  {
    name: 'create-payment',
    method: 'POST',
    path: '/api/atelier/create-payment',
    limit: 20,
    body: () => ({ items: [], currency: 'eur' }),
  },
  {
    name: 'verify-payment',
    method: 'POST',
    path: '/api/atelier/verify-payment',
    limit: 20,
    body: (i) => ({ sessionId: `cs_test_unknown${i}` }),
  },
  {
    name: 'cancel-payment',
    method: 'POST',
    path: '/api/atelier/cancel-payment',
    limit: 20,
    body: (i) => ({ sessionId: `cs_test_unknown${i}` }),
  },
  {
    name: 'demo sign-in',
    method: 'POST',
    path: '/api/atelier/demo-sign-in',
    limit: 5,
    body: () => ({ role: 'admin' }),
  },
  {
    // PocketBase's "*:auth" rule: 2 sign-ins per 3 seconds
    name: 'Google sign-in (auth-with-oauth2)',
    method: 'POST',
    path: '/api/collections/users/auth-with-oauth2',
    limit: 2,
    body: (i) => ({ provider: 'google', code: `not-a-code-${i}`, codeVerifier: '', redirectURL: 'postmessage' }),
  },
];

describe('without a declared proxy (the default): the socket address counts', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ TRUSTED_PROXY: '', DEMO_CONTENT: '1', DEMO_SIGN_IN: '1' });
  });
  afterAll(() => shop?.stop());

  it.each(LIMITED)(
    '$name: $limit requests per window from one address, whatever proxy headers it sends',
    async ({ method, path, limit, body }) => {
      const { pb } = shop;
      await resetLimits(pb);
      const statuses: number[] = [];
      for (let i = 0; i < limit + 3; i++) statuses.push(await send(pb, method, path, body(i), spoof(i)));
      expect(statuses.slice(0, limit).filter((s) => s === 429)).toEqual([]);
      expect(statuses.slice(0, limit).every((s) => s >= 400 && s < 500)).toBe(true);
      expect(statuses.slice(limit)).toEqual([429, 429, 429]);
      // and the plain request from the same address shares that limit
      expect(await send(pb, method, path, body(99), {})).toBe(429);
    },
  );

  it("contact: the stored cap (5 new messages per 10 minutes) counts the socket's address, not the headers", async () => {
    const { pb } = shop;
    await resetLimits(pb);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(await send(pb, 'POST', '/api/atelier/send-contact', contact('contact', i), spoof(i)));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const stored = await list(pb, 'contact_messages', 'client_id ~ "client-address-contact-"');
    expect(stored.map((m) => m.ip)).toEqual(Array(5).fill('127.0.0.1'));
  });

  it("newsletter: the consent record keeps the socket's address", async () => {
    const { pb } = shop;
    await resetLimits(pb);
    const email = 'consent-ip@example.com';
    const status = await send(pb, 'POST', '/api/atelier/subscribe-newsletter', { email, source: 'footer' }, spoof(1));
    expect(status).toBe(200);
    const [sub] = await list(pb, 'newsletter_subscribers', `email = "${email}"`);
    expect(sub.consent_ip).toBe('127.0.0.1');
  });

  it("checkout: the per-address hold cap counts the socket's address, not the headers", async () => {
    const { pb } = shop;
    await resetLimits(pb);
    const print = await createPrint(pb, { edition_size: 20 });
    const results = [];
    // 4 copies per address in open checkouts; each buyer names another address in a header
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${pb.url}/api/atelier/create-payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoof(i) },
        body: JSON.stringify({
          items: [{ id: print.id, quantity: 2 }],
          currency: 'eur',
          customerEmail: `cap${i}@example.com`,
        }),
      });
      results.push({ status: res.status, json: await res.json() });
    }
    expect(results.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(results[2].json.data.items.code).toBe('max_held');
    const orders = await list(pb, 'orders', `items ~ "${print.id}"`);
    expect(orders.map((o) => o.client_ip)).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});

describe('TRUSTED_PROXY=1: the proxy in front names the client in X-Forwarded-For', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ TRUSTED_PROXY: '1' });
  });
  afterAll(() => shop?.stop());

  it('visitors behind the proxy each have their own limit, and the rightmost entry (the one the proxy added) counts', async () => {
    const { pb } = shop;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      // a client may prepend anything; the proxy appends the address it saw
      const headers = { 'x-forwarded-for': `6.6.6.6, 203.0.113.${i + 1}` };
      statuses.push(
        await send(
          pb,
          'POST',
          '/api/atelier/subscribe-newsletter',
          { email: `p${i}@example.com`, source: 'home' },
          headers,
        ),
      );
    }
    expect(statuses).toEqual(Array(15).fill(200));
    const [sub] = await list(pb, 'newsletter_subscribers', 'email = "p3@example.com"');
    expect(sub.consent_ip).toBe('203.0.113.4');
    const s = await (await asSuperuser(pb, '/api/settings')).json();
    expect(s.trustedProxy).toEqual({ headers: ['X-Forwarded-For'], useLeftmostIP: false });
  });

  it('one visitor behind the proxy is still limited', async () => {
    const { pb } = shop;
    await resetLimits(pb);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const body = { email: 'bad', source: 'home' };
      statuses.push(
        await send(pb, 'POST', '/api/atelier/subscribe-newsletter', body, { 'x-forwarded-for': '203.0.113.50' }),
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('TRUSTED_PROXY with a list of proxy addresses: the header counts only from those peers', () => {
  let shop: Shop;
  beforeAll(async () => {
    // the proxy connects from 127.0.0.2; anyone else (127.0.0.3 here) reaches the port directly
    shop = await startShop({ TRUSTED_PROXY: '127.0.0.2, 10.0.0.0/8' });
  });
  afterAll(() => shop?.stop());

  it("a request through the listed proxy is the forwarded client's; a direct one is the socket's", async () => {
    const { pb } = shop;
    const url = `${pb.url}/api/atelier/subscribe-newsletter`;
    const direct = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ email: 'direct@example.com', source: 'home' }),
    });
    expect(direct.status).toBe(200);
    expect((await list(pb, 'newsletter_subscribers', 'email = "direct@example.com"'))[0].consent_ip).toBe('127.0.0.1');

    const forwarded = (ip: string) => ({ 'x-forwarded-for': ip });
    const viaProxy = await postFrom(
      url,
      { email: 'proxied@example.com', source: 'home' },
      '127.0.0.2',
      forwarded('203.0.113.78'),
    );
    expect(viaProxy.status).toBe(200);
    expect((await list(pb, 'newsletter_subscribers', 'email = "proxied@example.com"'))[0].consent_ip).toBe(
      '203.0.113.78',
    );

    const notListed = await postFrom(
      url,
      { email: 'other@example.com', source: 'home' },
      '127.0.0.3',
      forwarded('203.0.113.79'),
    );
    expect(notListed.status).toBe(200);
    expect((await list(pb, 'newsletter_subscribers', 'email = "other@example.com"'))[0].consent_ip).toBe('127.0.0.3');
  });

  it('the direct caller cannot dodge the stored contact cap with headers', async () => {
    const { pb } = shop;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(await send(pb, 'POST', '/api/atelier/send-contact', contact('contact', 100 + i), spoof(i)));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
