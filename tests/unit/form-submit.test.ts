// @vitest-environment jsdom
import { ClientResponseError } from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.fn();
const enqueue = vi.fn(async (_op: string, payload: unknown, opts: { idempotencyKey: string }) => ({
  payload,
  ...opts,
}));
const handlers = new Map<string, { send: (rows: unknown[]) => Promise<unknown[]> }>();

vi.mock('@/lib/pocketbase/client', () => ({ pb: { send: (...args: unknown[]) => send(...args) } }));
vi.mock('@/lib/offline/outbox-runtime', () => ({
  enqueue: (op: string, payload: unknown, opts: { idempotencyKey: string }) => enqueue(op, payload, opts),
  registerOutboxHandler: (op: string, h: { send: (rows: unknown[]) => Promise<unknown[]> }) => handlers.set(op, h),
}));

const { FormError, registerFormOutboxHandlers, sendContact, subscribeNewsletter } = await import('@/lib/forms/submit');

const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

beforeEach(() => {
  send.mockReset();
  enqueue.mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('visitor forms', () => {
  it('online: a sign-up is sent at once with consent version and a client id', async () => {
    online(true);
    send.mockResolvedValue({ ok: true });
    const out = await subscribeNewsletter({ email: ' a@b.se ', source: 'footer' });
    expect(out.status).toBe('sent');
    const [path, init] = send.mock.calls[0];
    expect(path).toBe('/api/atelier/subscribe-newsletter');
    expect(init.body).toMatchObject({
      email: 'a@b.se',
      source: 'footer',
      consentVersion: 'footer-v1',
    });
    // what the sign-up is about is for the server to name
    expect(init.body).not.toHaveProperty('context');
    expect(init.body.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('offline: a contact message is queued, not sent, with its client id as idempotency key', async () => {
    online(false);
    const out = await sendContact({ name: 'A', email: 'a@b.se', subject: 'General Inquiry', message: 'hi' });
    expect(out.status).toBe('queued');
    expect(send).not.toHaveBeenCalled();
    const [op, payload, opts] = enqueue.mock.calls[0];
    expect(op).toBe('contact');
    expect((payload as { clientId: string }).clientId).toBe(opts.idempotencyKey);
  });

  it('a request that never reached the server is queued too', async () => {
    online(true);
    send.mockRejectedValue(new ClientResponseError({ status: 0 }));
    expect((await sendContact({ name: 'A', email: 'a@b.se', subject: 'General Inquiry', message: 'hi' })).status).toBe(
      'queued',
    );
  });

  it('a refusal surfaces the server message and field errors', async () => {
    online(true);
    send.mockRejectedValue(
      new ClientResponseError({
        status: 400,
        response: {
          message: 'Email: Please enter a valid email address.',
          data: { email: { code: 'x', message: 'Please enter a valid email address.' } },
        },
      }),
    );
    const err = await subscribeNewsletter({ email: 'x', source: 'home' }).catch((e) => e);
    expect(err).toBeInstanceOf(FormError);
    expect(err.message).toBe('Email: Please enter a valid email address.');
    expect(err.fieldErrors).toEqual({ email: 'Please enter a valid email address.' });
    expect(enqueue).not.toHaveBeenCalled();
  });

  it('field errors that are not text are left out, so a form never renders an object', async () => {
    online(true);
    const nested = {
      code: { code: 'validation_invalid_value', message: 'Invalid value.' },
      message: { code: 'validation_invalid_value', message: 'Invalid value.' },
    };
    send.mockRejectedValue(
      new ClientResponseError({
        status: 400,
        response: { message: 'Email: Please enter a valid email address.', data: { email: nested } },
      }),
    );
    const err = await subscribeNewsletter({ email: 'x', source: 'home' }).catch((e) => e);
    expect(err.message).toBe('Email: Please enter a valid email address.');
    expect(err.fieldErrors).toEqual({});
  });

  it('queued rows are replayed with their idempotency key; 4xx is final, network errors retry', async () => {
    const sent = vi.fn();
    registerFormOutboxHandlers(sent);
    const handler = handlers.get('contact');
    if (!handler) throw new Error('no contact handler');
    send
      .mockResolvedValueOnce({ id: 'x' })
      .mockRejectedValueOnce(new ClientResponseError({ status: 400 }))
      .mockRejectedValueOnce(new ClientResponseError({ status: 0 }));
    const rows = ['k1', 'k2', 'k3'].map((k) => ({ id: k, op: 'contact', payload: { message: k }, idempotencyKey: k }));
    const results = await handler.send(rows);
    expect(send.mock.calls[0][1].body).toEqual({ message: 'k1', clientId: 'k1' });
    expect(results).toMatchObject([{ ok: true }, { ok: false, retriable: false }, { ok: false, retriable: true }]);
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
