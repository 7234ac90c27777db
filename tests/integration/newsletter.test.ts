import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { linkIn as link, mailsTo as mailsToOf } from '../support/mail';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';

let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailDev>>;
let ipSeq = 1;

// Each test speaks from its own address so the per-IP form rate limit stays out of the way.
function post(path: string, body: unknown, ip = `10.0.0.${ipSeq}`) {
  return fetch(`${pb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function subscribers(email: string) {
  const r = await asSuperuser(
    pb,
    `/api/collections/newsletter_subscribers/records?filter=${encodeURIComponent(`email="${email}"`)}`,
  );
  return ((await r.json()) as { items: Record<string, unknown>[] }).items;
}

function mailsTo(address: string, count = 1) {
  return mailsToOf(mail, address, count);
}

/**
 * The kinds of mail sent to an address, oldest first. Every send is logged before the
 * request that made it answers, so this also proves what was *not* sent.
 */
async function sentKinds(address: string) {
  const filter = encodeURIComponent(`to="${address}" && status="sent"`);
  const r = await asSuperuser(pb, `/api/collections/mail_log/records?sort=created&filter=${filter}`);
  return ((await r.json()) as { items: { kind: string }[] }).items.map((m) => m.kind);
}

beforeAll(async () => {
  mail = await startMailDev();
  pb = await startPocketBase({
    seed: true,
    behindProxy: true,
    env: { ...mail.smtpEnv, MAIL_FROM: 'Elin Vinter <studio@example.com>' },
  });
});

afterAll(async () => {
  await pb?.stop();
  await mail?.stop();
});

beforeEach(() => {
  ipSeq++;
});

describe('subscribe-newsletter', () => {
  it('records consent and emails a confirmation link that confirms and sends a welcome', async () => {
    const email = 'ada@example.com';
    const res = await post(
      '/api/atelier/subscribe-newsletter',
      { email: 'Ada@Example.com', source: 'footer', context: 'Footer', consentVersion: 'newsletter-v1' },
      '203.0.113.7',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'pending', mailSent: true });

    const [sub] = await subscribers(email);
    expect(sub).toMatchObject({
      status: 'pending',
      consent_source: 'footer',
      consent_context: 'Footer',
      consent_text_version: 'newsletter-v1',
      consent_ip: '203.0.113.7',
    });
    expect(String(sub.consent_at)).not.toBe('');

    const [confirmMail] = await mailsTo(email);
    expect(confirmMail.subject).toContain('confirm');
    expect(confirmMail.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/atelier\/newsletter\/unsubscribe\?token=/);
    expect(confirmMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const confirmRes = await fetch(link(confirmMail.html, '/api/atelier/newsletter/confirm'));
    expect(confirmRes.status).toBe(200);
    expect(await confirmRes.text()).toContain('Subscription confirmed');
    const [after] = await subscribers(email);
    expect(after.status).toBe('confirmed');

    const mails = await mailsTo(email, 2);
    const welcome = mails.find((m) => m.subject.startsWith('Welcome'));
    expect(welcome).toBeDefined();
    expect(welcome?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // confirming twice sends no second welcome
    const again = await fetch(link(confirmMail.html, '/api/atelier/newsletter/confirm'));
    expect(await again.text()).toContain('Already confirmed');
    expect(await sentKinds(email)).toEqual(['newsletter-confirm', 'newsletter-welcome']);
  });

  it('a repeated sign-up is idempotent: one record, no second confirmation right away', async () => {
    const email = 'repeat@example.com';
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/atelier/subscribe-newsletter', { email, source: 'home', context: 'Home' });
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe('pending');
    }
    expect(await subscribers(email)).toHaveLength(1);
    expect(await sentKinds(email)).toEqual(['newsletter-confirm']);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('the unsubscribe link in the mail body works, and so does the one-click POST', async () => {
    const email = 'leave@example.com';
    await post('/api/atelier/subscribe-newsletter', { email, source: 'print-drop', context: 'print-drop' });
    const [m] = await mailsTo(email);
    const res = await fetch(link(m.html, '/api/atelier/newsletter/unsubscribe'));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are unsubscribed');
    expect((await subscribers(email))[0].status).toBe('unsubscribed');

    // signing up again starts over with a fresh consent record
    await post('/api/atelier/subscribe-newsletter', { email, source: 'exhibition', context: 'In the hollow' });
    const [again] = await subscribers(email);
    expect(again).toMatchObject({ status: 'pending', consent_source: 'exhibition', consent_context: 'In the hollow' });

    // RFC 8058: the mail client POSTs to the List-Unsubscribe URL
    const mails = await mailsTo(email, 2);
    const header = mails[mails.length - 1].headers['list-unsubscribe'].slice(1, -1);
    const oneClick = await fetch(header, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await subscribers(email))[0].status).toBe('unsubscribed');
  });

  it('a bad unsubscribe or confirm token is refused', async () => {
    expect((await fetch(`${pb.url}/api/atelier/newsletter/unsubscribe?token=nope`)).status).toBe(400);
    expect((await fetch(`${pb.url}/api/atelier/newsletter/confirm?token=${'a'.repeat(40)}`)).status).toBe(400);
    expect((await post('/api/atelier/newsletter/unsubscribe?token=x', {})).status).toBe(400);
  });

  it('the viewing-room sign-up mails a link that unlocks the room on another device', async () => {
    const email = 'visitor@example.com';
    const res = await post('/api/atelier/subscribe-newsletter', {
      email,
      source: 'viewing-room',
      context: 'The Whispering Room',
      name: 'Vera Visitor',
      artworkSlug: 'the-whispering-room',
    });
    expect(res.status).toBe(200);
    const [m] = await mailsTo(email);
    expect(m.subject).toContain('viewing room');
    expect(m.html).toContain('Hello Vera');
    const roomUrl = new URL(link(m.html, '/viewing-room?'));
    expect(roomUrl.searchParams.get('artwork')).toBe('the-whispering-room');
    const token = roomUrl.searchParams.get('access');
    expect(token).toBeTruthy();
    expect(m.html).toContain('/api/atelier/newsletter/confirm');

    const ok = await post('/api/atelier/viewing-room/unlock', { token });
    expect(ok.status).toBe(200);
    const last = token?.slice(-1) === '0' ? '1' : '0';
    const forged = await post('/api/atelier/viewing-room/unlock', { token: `${token?.slice(0, -1)}${last}` });
    expect(forged.status).toBe(400);
    const [sub] = await subscribers(email);
    expect(sub).toMatchObject({
      name: 'Vera Visitor',
      consent_source: 'viewing-room',
      consent_context: 'The Whispering Room',
    });
  });

  it('rejects invalid input with field errors and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{ source: 'footer' }, 'email'],
      [{ email: 'not an email', source: 'footer' }, 'email'],
      [{ email: 'a b@example.com', source: 'footer' }, 'email'],
      [{ email: 'x@example.com' }, 'source'],
      [{ email: 'x@example.com', source: 'popup' }, 'source'],
      [{ email: `${'a'.repeat(250)}@example.com`, source: 'footer' }, 'email'],
      [{ email: 'x@example.com', source: 'footer', name: '<script>alert(1)</script>' }, 'name'],
      [{ email: 'x@example.com', source: 'footer', context: 'c'.repeat(301) }, 'context'],
      [{ email: ['x@example.com'], source: 'footer' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/atelier/subscribe-newsletter', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as { message: string; data: Record<string, { code: string; message: string }> };
      expect(Object.keys(json.data)).toContain(field);
      expect(json.message).not.toBe('');
    }
    expect(await subscribers('x@example.com')).toHaveLength(0);
    const huge = await post(
      '/api/atelier/subscribe-newsletter',
      JSON.stringify({ email: 'x@example.com', source: 'footer', name: 'n'.repeat(200_000) }),
    );
    expect(huge.status).toBe(413);
    expect(await subscribers('x@example.com')).toHaveLength(0);
  });
});
