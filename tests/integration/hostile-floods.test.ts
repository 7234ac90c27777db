// The hostile-input suite, part two: what a stranger can send in bulk. Bodies the server must
// refuse before it reads them (the Stripe webhook's), made-up page URLs that must not wear the
// page cache down, and the renderer's image endpoint on loopback.
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type StripeStandin, startStripeStandin } from '../support/stripe-standin';

let pb: TestPocketBase;
let stripe: StripeStandin;

beforeAll(async () => {
  stripe = await startStripeStandin();
  pb = await startPocketBase({ env: { ...stripe.env } });
}, 120_000);

afterAll(async () => {
  await pb?.stop();
  await stripe?.stop();
});

interface Answer {
  status: number;
  /** Bytes of the body sent before the answer came (or the connection ended). */
  sent: number;
  body: string;
}

/**
 * A POST that declares `declared` bytes (or sends them chunked when null) but sends only
 * `send` of them, then waits up to `waitMs` for an answer without sending more. A server that
 * reads the body first never answers; one that refuses first answers at once.
 */
function postPartly(
  url: string,
  headers: Record<string, string>,
  opts: { declared: number | null; send: Buffer; waitMs?: number; end?: boolean },
): Promise<Answer> {
  return new Promise((resolve) => {
    const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
    if (opts.declared !== null) all['content-length'] = String(opts.declared);
    const req = request(url, { method: 'POST', headers: all, agent: false });
    let sent = 0;
    const done = (a: Answer) => {
      clearTimeout(timer);
      req.destroy();
      resolve(a);
    };
    const timer = setTimeout(() => done({ status: 0, sent, body: 'no answer' }), opts.waitMs ?? 3000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, sent, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => done({ status: res.statusCode ?? 0, sent, body: '' }));
    });
    req.on('error', (err) => done({ status: 0, sent, body: String(err) }));
    req.write(opts.send, () => {
      sent += opts.send.byteLength;
      if (opts.end) req.end();
    });
  });
}

function sign(payload: string, secret: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

describe('the Stripe webhook', () => {
  const url = () => `${pb.url}/api/stripe/webhook`;
  const event = (size: number) => {
    const base = { id: 'evt_big', type: 'checkout.session.expired', data: { object: { id: 'cs_test_big' } } };
    const pad = size - JSON.stringify({ ...base, pad: '' }).length;
    return JSON.stringify({ ...base, pad: 'x'.repeat(Math.max(0, pad)) });
  };

  it('refuses a body declared over 1 MB before reading it, signed or not', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postPartly(
          url(),
          { 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
          {
            declared: 31 * 1024 * 1024,
            send: Buffer.alloc(4096, 'x'),
          },
        ),
      ),
    );
    for (const a of answers) expect([a.status, a.sent]).toEqual([413, 4096]);
  });

  it('refuses a chunked body once it passes 1 MB, even with a valid signature', async () => {
    const payload = event(2 * 1024 * 1024);
    const a = await postPartly(
      url(),
      { 'stripe-signature': sign(payload, stripe.webhookSecret) },
      { declared: null, send: Buffer.from(payload), end: true, waitMs: 10_000 },
    );
    expect(a.status).toBe(413);
  });

  it('refuses a request without Stripe-Signature before reading its body', async () => {
    const a = await postPartly(url(), {}, { declared: 512 * 1024, send: Buffer.alloc(100, 'x') });
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).message).toMatch(/Stripe-Signature/);
  });

  it('still takes a signed event of ordinary size', async () => {
    const payload = event(900 * 1024);
    const res = await fetch(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, stripe.webhookSecret) },
      body: payload,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});
