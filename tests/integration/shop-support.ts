// Shared by the shop's integration tests: a real PocketBase with the Stripe stand-in (every
// request checked by stripe-mock) and a real SMTP server, plus small API helpers.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type StripeStandin, startStripeStandin } from '../support/stripe-standin';

// biome-ignore lint/suspicious/noExplicitAny: loosely typed JSON answers, checked by the assertions
export type Json = Record<string, any>;

export const ARTIST = 'artist@atelier.test';

export interface Shop {
  pb: TestPocketBase;
  stripe: StripeStandin;
  mail: Awaited<ReturnType<typeof startMailDev>>;
  stop(): Promise<void>;
}

export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const mail = await startMailDev();
  const stripe = await startStripeStandin();
  const pb = await startPocketBase({
    behindProxy: true,
    env: { ...mail.smtpEnv, ...stripe.env, ARTIST_EMAIL: ARTIST, MAIL_FROM: 'studio@atelier.test', ...env },
  });
  stripe.setWebhookUrl(`${pb.url}/api/stripe/webhook`);
  return {
    pb,
    stripe,
    mail,
    async stop() {
      await pb.stop();
      await stripe.stop();
      await mail.stop();
    },
  };
}

/**
 * A stand-in for the exchange-rate service: every request gets `answer()` (JSON, or a string as
 * it is). Pass its env to startShop.
 */
export async function startRatesFeed(answer: () => unknown) {
  const server = createServer((_req, res) => {
    const body = answer();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    env: { EXCHANGE_RATES_URL: `http://127.0.0.1:${port}/latest` },
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        // PocketBase keeps its connection to the feed open between fetches
        server.closeAllConnections();
      }),
  };
}

let ipSeq = 1;
/** A fresh client network per call (the checkout route is rate-limited per address and capped per /24). */
export const nextIp = () => `10.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}.1`;

/** POST as a browser would, from `ip` (X-Forwarded-For: the trusted proxy header). */
export async function post(
  pb: TestPocketBase,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  ip = nextIp(),
) {
  const res = await fetch(`${pb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json };
}

let emailSeq = 1;
export const nextEmail = (prefix = 'buyer') => `${prefix}${emailSeq++}@example.com`;

export function checkout(
  pb: TestPocketBase,
  items: unknown[],
  opts: { currency?: string; email?: string; ip?: string } = {},
) {
  return post(
    pb,
    '/api/atelier/create-payment',
    { items, currency: opts.currency ?? 'eur', customerEmail: opts.email ?? nextEmail() },
    {},
    opts.ip,
  );
}

export const cancel = (pb: TestPocketBase, sessionId: string) => post(pb, '/api/atelier/cancel-payment', { sessionId });
export const verify = (pb: TestPocketBase, sessionId: string) => post(pb, '/api/atelier/verify-payment', { sessionId });

let slugSeq = 1;
export async function createPrint(pb: TestPocketBase, fields: Record<string, unknown> = {}): Promise<Json> {
  const res = await asSuperuser(pb, '/api/collections/prints/records', {
    method: 'POST',
    body: JSON.stringify({
      slug: `print-${slugSeq++}`,
      title: 'A print',
      currency: 'eur',
      price_cents: 24000,
      edition_size: 10,
      is_active: true,
      sort_order: 1,
      ...fields,
    }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`create print: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function patchRecord(pb: TestPocketBase, coll: string, id: string, body: Json) {
  const res = await asSuperuser(pb, `/api/collections/${coll}/records/${id}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

export async function list(pb: TestPocketBase, coll: string, filter: string): Promise<Json[]> {
  const res = await asSuperuser(
    pb,
    `/api/collections/${coll}/records?perPage=500&sort=created&filter=${encodeURIComponent(filter)}`,
  );
  return ((await res.json()) as { items: Json[] }).items;
}

/** POST /api/crons/{id} runs the job in the background: poll for its effect. */
export async function runCron(pb: TestPocketBase, id: string, done: () => Promise<boolean>) {
  const res = await asSuperuser(pb, `/api/crons/${id}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`cron ${id}: ${res.status}`);
  for (let i = 0; i < 100 && !(await done()); i++) await new Promise((r) => setTimeout(r, 50));
}

export async function until(check: () => Promise<boolean>, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function mailTo(shop: Shop, address: string) {
  const all = (await shop.mail.messages()) as { to: { address: string }[]; subject: string; html: string }[];
  return all.filter((m) => m.to.some((t) => t.address === address));
}

/** A POST on a fresh connection from a given loopback address (127.x.y.z); no proxy header unless given. */
export function postFrom(
  url: string,
  body: unknown,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let json: Json = {};
        try {
          json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {}
        resolve({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('error', (err) => resolve({ status: 0, json: { message: String(err.message) } }));
    req.end(payload);
  });
}
