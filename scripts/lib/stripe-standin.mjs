// A stateful Stripe stand-in for tests, e2e and the drop bench. It speaks the part of
// Stripe's HTTP API the shop uses (checkout sessions: create, retrieve, expire, list by
// payment intent; refunds, full and partial), sends every API request to a real stripe-mock
// process first so invalid parameters fail exactly as Stripe would reject them, keeps state
// (sessions open → complete/paid or expired, each paid session's charge with its refunds and
// disputes), delivers signed webhooks to PocketBase (checkout.session.*, charge.refunded,
// charge.dispute.created and .closed), and serves a hosted "checkout" page at each session's url.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Stripe from 'stripe';
import { ensureStripeMock } from './binaries.mjs';
import { collectOutput, stopChild, untilAnswering } from './child-process.mjs';
import { quietPort } from './pb-run.mjs';

const STRIPE_API_VERSION = '2026-10-28.endive';

/** Stripe form encoding → nested object (a[b][0][c]=v). Arrays come back as arrays. */
function parseForm(body) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = [];
    const m = rawKey.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
    if (!m) continue;
    path.push(m[1]);
    for (const part of m[2].matchAll(/\[([^[\]]*)\]/g)) path.push(part[1]);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      if (i === path.length - 1) node[key] = value;
      else {
        if (node[key] === undefined) node[key] = /^\d+$/.test(path[i + 1]) || path[i + 1] === '' ? [] : {};
        node = node[key];
      }
    }
  }
  const fix = (v) => {
    if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(fix);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x)]));
    return v;
  };
  return fix(root);
}

const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;
const stripeError = (status, message, extra = {}) => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

async function startStripeMock() {
  const bin = ensureStripeMock();
  const httpPort = await quietPort();
  const httpsPort = await quietPort();
  const child = spawn(bin, ['-http-port', String(httpPort), '-https-port', String(httpsPort)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const url = `http://127.0.0.1:${httpPort}`;
  const answers = async () =>
    (await fetch(`${url}/v1/checkout/sessions/cs_probe`, { headers: { authorization: 'Bearer sk_test_probe' } }))
      .status < 500;
  await untilAnswering(child, { what: 'stripe-mock', answers, output });
  return { url, output, stop: () => stopChild(child) };
}

/**
 * opts: {webhookUrl?: string (PocketBase's /api/stripe/webhook), webhookSecret?: string,
 *        port?: number, host?: string, stripeMock?: boolean (default true)}
 */
export async function startStripeStandin(opts = {}) {
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  let webhookUrl = opts.webhookUrl ?? '';
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? (await quietPort());
  const url = `http://${host}:${port}`;
  const mock = opts.stripeMock === false ? null : await startStripeMock();
  const sessions = new Map();
  const byIdempotencyKey = new Map();
  const requests = [];
  const deliveries = [];
  const refunds = [];
  // charges by payment intent: {id, amount, amount_refunded, refunded, refunds, disputes}
  const charges = new Map();
  // Answers to force on the next API requests ({status, message}): Stripe refusing or failing.
  const failNext = [];
  // Network failures to force on the next API requests: the connection is cut with no answer,
  // before the request is handled (it never reached Stripe) or, with `after`, once it has been
  // handled (Stripe acted, the answer was lost).
  const cutNext = [];

  function buildSession(params, mocked) {
    const sid = id('cs_test');
    const lines = params.line_items ?? [];
    const amount = lines.reduce((s, l) => s + Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1), 0);
    return {
      ...(mocked ?? {}),
      id: sid,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${url}/pay/${sid}`,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      customer_details: params.customer_email ? { email: params.customer_email } : null,
      metadata: params.metadata ?? {},
      currency: lines[0]?.price_data?.currency ?? null,
      amount_subtotal: amount,
      amount_total: amount,
      expires_at: Number(params.expires_at ?? Math.floor(Date.now() / 1000) + 86400),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      payment_intent: null,
      line_items_requested: lines,
      shipping_address_collection: params.shipping_address_collection ?? null,
    };
  }

  /** The charge of a paid session, as Stripe shapes it (refunds listed newest first). */
  function newCharge(session) {
    return {
      id: id('ch'),
      object: 'charge',
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      captured: true,
      currency: session.currency,
      paid: true,
      refunded: false,
      status: 'succeeded',
      disputed: false,
      payment_intent: session.payment_intent,
      metadata: {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '/v1/refunds' },
    };
  }

  function chargeView(ch) {
    return structuredClone(ch);
  }

  /** Records a refund on a charge (amount in cents, default: what is left). Returns the refund or an error answer. */
  function refundCharge(ch, amount, metadata, mocked) {
    const left = ch.amount - ch.amount_refunded;
    if (left <= 0)
      return stripeError(400, `Charge ${ch.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const value = amount === undefined ? left : Number(amount);
    if (!Number.isInteger(value) || value < 1 || value > left)
      return stripeError(400, `Refund amount (${value}) is greater than unrefunded amount on charge (${left})`, {
        param: 'amount',
      });
    const refund = {
      ...(mocked ?? {}),
      id: id('re'),
      object: 'refund',
      amount: value,
      charge: ch.id,
      currency: ch.currency,
      payment_intent: ch.payment_intent,
      status: 'succeeded',
      metadata: metadata ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    ch.amount_refunded += value;
    ch.refunded = ch.amount_refunded >= ch.amount;
    ch.refunds.data.unshift(refund);
    ch.refunds.total_count += 1;
    refunds.push(refund);
    return { status: 200, body: refund, charge: ch };
  }

  async function deliver(type, session) {
    if (!webhookUrl) throw new Error('stripe stand-in: no webhookUrl to deliver to');
    return deliverObject(type, session);
  }

  /** Sends one signed event about `object` (a session, charge or dispute) to the webhook. */
  async function deliverObject(type, object, eventId = id('evt')) {
    if (!webhookUrl) throw new Error('stripe stand-in: no webhookUrl to deliver to');
    const event = {
      id: eventId,
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    const text = await res.text();
    const record = { event, payload, header, status: res.status, body: text };
    deliveries.push(record);
    return record;
  }

  function complete(session, { paid = true, customerEmail } = {}) {
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    session.payment_intent = session.payment_intent ?? id('pi');
    if (paid && !charges.has(session.payment_intent)) charges.set(session.payment_intent, newCharge(session));
    const email = customerEmail ?? session.customer_email ?? 'buyer@example.com';
    session.customer_details = { ...(session.customer_details ?? {}), email, name: 'Test Buyer' };
    if (session.shipping_address_collection) {
      session.collected_information = {
        shipping_details: {
          name: 'Test Buyer',
          address: {
            line1: 'Götgatan 1',
            city: 'Stockholm',
            postal_code: '11621',
            country: 'SE',
            line2: null,
            state: null,
          },
        },
      };
    }
    return session;
  }

  /** Every API request goes to stripe-mock first: what Stripe would refuse, we refuse. */
  async function validate(req, path, body) {
    if (!mock) return { ok: true, json: null };
    const query = new URL(req.url, url).search;
    const headers = { authorization: req.headers.authorization ?? '' };
    if (req.method !== 'GET') headers['content-type'] = 'application/x-www-form-urlencoded';
    const r = await fetch(`${mock.url}${path}${query}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : body,
    });
    const json = await r.json().catch(() => ({}));
    return r.ok ? { ok: true, json } : { ok: false, status: r.status, json };
  }

  async function handleApi(req, body) {
    const auth = req.headers.authorization ?? '';
    if (!/^Bearer sk_test_/.test(auth))
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } };
    const path = new URL(req.url, url).pathname;
    const key = req.headers['idempotency-key'];
    const replay = key ? byIdempotencyKey.get(`${req.method} ${path} ${key}`) : undefined;
    if (replay) return replay;
    const checked = await validate(req, path, body);
    if (!checked.ok) return { status: checked.status, body: checked.json };
    if (failNext.length) {
      const f = failNext.shift();
      return stripeError(f.status, f.message);
    }
    const params = req.method === 'GET' ? {} : parseForm(body);
    requests.push({ method: req.method, path, params, raw: body, headers: req.headers });
    const answer = route(req.method, path, params, checked.json, new URL(req.url, url).searchParams);
    if (key && answer.status < 500) byIdempotencyKey.set(`${req.method} ${path} ${key}`, answer);
    return answer;
  }

  function route(method, path, params, mocked, query) {
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const pi = query?.get('payment_intent');
      const data = [...sessions.values()].filter((x) => !pi || x.payment_intent === pi);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = buildSession(params, mocked);
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    let m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === 'GET' && m) {
      const s = sessions.get(decodeURIComponent(m[1]));
      if (!s)
        return stripeError(404, `No such checkout.session: '${m[1]}'`, { code: 'resource_missing', param: 'session' });
      if (s.status === 'open' && s.expires_at * 1000 < Date.now()) s.status = 'expired';
      return { status: 200, body: s };
    }
    m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (method === 'POST' && m) {
      const s = sessions.get(decodeURIComponent(m[1]));
      if (!s)
        return stripeError(404, `No such checkout.session: '${m[1]}'`, { code: 'resource_missing', param: 'session' });
      if (s.status !== 'open')
        return stripeError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
        );
      s.status = 'expired';
      // Stripe sends the event after answering.
      if (webhookUrl) background(deliver('checkout.session.expired', s));
      return { status: 200, body: s };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const ch = charges.get(params.payment_intent);
      if (!ch) {
        const known = [...sessions.values()].some(
          (x) => x.payment_intent && x.payment_intent === params.payment_intent,
        );
        return known
          ? stripeError(400, 'This PaymentIntent does not have a successful charge to refund.', {
              code: 'charge_not_refundable',
            })
          : stripeError(400, `No such payment_intent: '${params.payment_intent}'`, {
              code: 'resource_missing',
              param: 'payment_intent',
            });
      }
      const r = refundCharge(ch, params.amount, params.metadata, mocked);
      // Stripe tells the webhook after answering
      if (r.status === 200 && webhookUrl) background(deliverObject('charge.refunded', chargeView(ch)));
      return r.status === 200 ? { status: 200, body: r.body } : r;
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const pending = new Set();
  function background(promise) {
    const p = promise.catch(() => {}).finally(() => pending.delete(p));
    pending.add(p);
  }

  const page = (title, inner) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem">${inner}</body></html>`;
  const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  async function handle(req, res) {
    // Every answer ends its connection, so PocketBase's client keeps none idle: a request never
    // goes out on a connection this server has already closed (Go does not repeat a POST whose
    // body write hits a closed socket, so that stale connection would fail a call nobody cut).
    res.setHeader('connection', 'close');
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const body = Buffer.concat(chunks).toString('utf8');
    const u = new URL(req.url, url);
    const send = (status, payload, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    try {
      if (u.pathname.startsWith('/v1/')) {
        const cut = cutNext.shift();
        if (cut && !cut.after) return req.socket.destroy();
        const r = await handleApi(req, body);
        if (cut) return req.socket.destroy();
        return send(r.status, r.body);
      }
      let m = u.pathname.match(/^\/pay\/([^/]+)$/);
      if (m && req.method === 'GET') {
        const s = sessions.get(m[1]);
        if (!s) return send(404, page('Not found', '<h1>Checkout not found</h1>'), 'text/html');
        const lines = (s.line_items_requested ?? [])
          .map(
            (l) =>
              `<li>${esc(l.price_data?.product_data?.name)} × ${esc(l.quantity)} — ${esc(l.price_data?.unit_amount)} ${esc(l.price_data?.currency)}</li>`,
          )
          .join('');
        return send(
          200,
          page(
            'Stripe stand-in checkout',
            `<main><h1>Stand-in checkout</h1><p data-session="${esc(s.id)}">Session ${esc(s.id)} (${esc(s.status)})</p><ul>${lines}</ul><p>Total ${esc(s.amount_total)} ${esc(s.currency)}</p>
<form method="post" action="/pay/${esc(s.id)}"><button type="submit">Pay</button></form><p><a href="${esc(String(s.cancel_url).replace('{CHECKOUT_SESSION_ID}', s.id))}">Cancel</a></p></main>`,
          ),
          'text/html',
        );
      }
      if (m && req.method === 'POST') {
        const s = sessions.get(m[1]);
        if (s?.status !== 'open') return send(409, page('Closed', '<h1>This checkout is closed</h1>'), 'text/html');
        complete(s);
        if (webhookUrl) await deliver('checkout.session.completed', s);
        res.writeHead(303, { location: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id) });
        return res.end();
      }
      // test controls
      if (u.pathname === '/_control/sessions' && req.method === 'GET') return send(200, [...sessions.values()]);
      if (u.pathname === '/_control/webhook-url' && req.method === 'POST') {
        webhookUrl = JSON.parse(body || '{}').url ?? '';
        return send(200, { webhookUrl });
      }
      m = u.pathname.match(/^\/_control\/sessions\/([^/]+)\/(pay|expire)$/);
      if (m && req.method === 'POST') {
        const r = m[2] === 'pay' ? await api.pay(m[1]) : await api.expire(m[1]);
        return send(200, r);
      }
      // the buyer's bank disputes the session's charge and decides it ({status}: lost, won, ...)
      m = u.pathname.match(/^\/_control\/sessions\/([^/]+)\/dispute$/);
      if (m && req.method === 'POST') {
        const { dispute } = await api.dispute(decodeURIComponent(m[1]));
        const closed = await api.closeDispute(dispute, String(JSON.parse(body || '{}').status ?? 'lost'));
        return send(200, { dispute: closed.dispute, status: closed.event?.status ?? null });
      }
      return send(404, { error: { message: 'not found' } });
    } catch (err) {
      return send(500, { error: { type: 'api_error', message: String(err?.message ?? err) } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res);
  });
  await new Promise((res, rej) => {
    server.once('error', rej);
    server.listen(port, host, () => res());
  });

  const api = {
    url,
    apiKey: 'sk_test_AtelierStandin0000',
    webhookSecret,
    /** Env for PocketBase pointing payments at this stand-in. */
    get env() {
      return { STRIPE_SECRET_KEY: api.apiKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: url };
    },
    sessions,
    requests,
    deliveries,
    refunds,
    /** The next API requests answer these errors instead (e.g. {status: 400, message}). */
    failNext(...errors) {
      failNext.push(...errors);
    },
    /**
     * The next API requests get no answer: their connection is cut, before they are handled or,
     * with {after: true}, once they have been. Each arrives on a fresh connection (no answer
     * keeps one alive), so Go's client does not repeat it by itself: the hook sees each cut.
     */
    cutNext(...cuts) {
      cutNext.push(...cuts);
    },
    /** How many client connections are open now (none stays open after its answer). */
    openConnections() {
      return new Promise((res, rej) => server.getConnections((err, n) => (err ? rej(err) : res(n))));
    },
    /** Drops the forced answers no request has used; returns how many there were. */
    clearFailures() {
      return failNext.splice(0).length + cutNext.splice(0).length;
    },
    /** Waits for webhooks Stripe sends after answering (e.g. after expire). */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    setWebhookUrl(u) {
      webhookUrl = u;
    },
    session(sessionId) {
      return sessions.get(sessionId);
    },
    /** Marks the session paid; delivers checkout.session.completed unless deliver:false. */
    async pay(sessionId, { deliver: doDeliver = true, paid = true, customerEmail } = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown session ${sessionId}`);
      complete(s, { paid, customerEmail });
      return doDeliver && webhookUrl ? await deliver('checkout.session.completed', s) : { session: s };
    },
    /** Marks the session expired; delivers checkout.session.expired unless deliver:false. */
    async expire(sessionId, { deliver: doDeliver = true } = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown session ${sessionId}`);
      s.status = 'expired';
      return doDeliver && webhookUrl ? await deliver('checkout.session.expired', s) : { session: s };
    },
    /**
     * Changes what the session says it charged (as if the amount had been tampered with on
     * the way); the next events carry it.
     */
    tamper(sessionId, fields) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown session ${sessionId}`);
      Object.assign(s, fields);
      return s;
    },
    /** A delayed payment method: completed unpaid now, async_payment_succeeded/failed later. */
    async completeUnpaid(sessionId, opts = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown session ${sessionId}`);
      complete(s, { ...opts, paid: false });
      return webhookUrl ? await deliver('checkout.session.completed', s) : { session: s };
    },
    async asyncPayment(sessionId, { succeeded = true } = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown session ${sessionId}`);
      if (succeeded) {
        s.payment_status = 'paid';
        if (!charges.has(s.payment_intent)) charges.set(s.payment_intent, newCharge(s));
      }
      return deliver(
        succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
        s,
      );
    },
    charges,
    /** The charge of a paid session (by session id or payment intent). */
    charge(sessionOrIntent) {
      const pi = sessions.get(sessionOrIntent)?.payment_intent ?? sessionOrIntent;
      return charges.get(pi);
    },
    /**
     * A refund made in Stripe's dashboard: refunds `amount` cents (default: the rest) of the
     * session's charge and delivers charge.refunded unless deliver:false. Returns
     * {refund, charge, event?}: `charge` is the event's object, for replaying it later.
     */
    async refund(sessionId, { amount, deliver: doDeliver = true } = {}) {
      const ch = api.charge(sessionId);
      if (!ch) throw new Error(`no charge for ${sessionId}`);
      const r = refundCharge(ch, amount, {});
      if (r.status !== 200) throw new Error(r.body.error.message);
      const snapshot = chargeView(ch);
      const event = doDeliver && webhookUrl ? await deliverObject('charge.refunded', snapshot) : null;
      return { refund: r.body, charge: snapshot, event };
    },
    /** The buyer's bank opens a dispute on the session's charge; delivers charge.dispute.created. */
    async dispute(sessionId, { reason = 'fraudulent', deliver: doDeliver = true } = {}) {
      const ch = api.charge(sessionId);
      if (!ch) throw new Error(`no charge for ${sessionId}`);
      ch.disputed = true;
      const dispute = {
        id: id('dp'),
        object: 'dispute',
        amount: ch.amount,
        charge: ch.id,
        currency: ch.currency,
        payment_intent: ch.payment_intent,
        reason,
        status: 'needs_response',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        metadata: {},
      };
      const event = doDeliver && webhookUrl ? await deliverObject('charge.dispute.created', dispute) : null;
      return { dispute, event };
    },
    /**
     * The dispute is settled (`won`, `lost`, `warning_closed`, ...): delivers charge.dispute.closed
     * with the dispute as Stripe then shows it, unless deliver:false. Returns {dispute, event?}.
     */
    async closeDispute(dispute, status, { deliver: doDeliver = true } = {}) {
      const closed = { ...dispute, status, is_charge_refundable: false };
      const event = doDeliver && webhookUrl ? await deliverObject('charge.dispute.closed', closed) : null;
      return { dispute: closed, event };
    },
    /** Delivers `object` as an event of `type` (replays: pass the same eventId again). */
    deliverObject: (type, object, eventId) => deliverObject(type, object, eventId),
    /** Delivers an event of `type` for a session (signed like Stripe). */
    deliver: (type, sessionOrId) =>
      deliver(type, typeof sessionOrId === 'string' ? sessions.get(sessionOrId) : sessionOrId),
    async stop() {
      await api.idle();
      await new Promise((res) => server.close(() => res()));
      server.closeAllConnections?.();
      if (mock) await mock.stop();
    },
  };
  return api;
}
