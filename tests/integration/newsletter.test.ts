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

const confirmLink = (html: string) => link(html, '/api/atelier/newsletter/confirm');

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

/** The POST form of a page a link opens: its action URL and hidden fields. */
function pageForm(html: string): { action: string; fields: Record<string, string>; button: string } {
  const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form in page: ${html}`);
  const fields: Record<string, string> = {};
  for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = m[2];
  const button = /<button type="submit">([^<]+)<\/button>/.exec(form[2])?.[1] ?? '';
  return { action: new URL(form[1].replace(/&amp;/g, '&'), pb.url).href, fields, button };
}

/** Presses the page's button as a browser would (a form POST). */
function press(form: { action: string; fields: Record<string, string> }) {
  return fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields).toString(),
  });
}

describe('subscribe-newsletter', () => {
  it('records consent and emails a confirmation link; opening it shows a button, pressing it confirms and sends a welcome', async () => {
    const email = 'ada@example.com';
    const res = await post(
      '/api/atelier/subscribe-newsletter',
      { email: 'Ada@Example.com', source: 'footer', context: 'Chosen by the caller', consentVersion: 'newsletter-v1' },
      '203.0.113.7',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const [sub] = await subscribers(email);
    expect(sub).toMatchObject({
      status: 'pending',
      consent_source: 'footer',
      // derived on the server: what the caller sent as context is not stored
      consent_context: 'Footer',
      consent_text_version: 'newsletter-v1',
      consent_ip: '203.0.113.7',
    });
    expect(String(sub.consent_at)).not.toBe('');

    const [confirmMail] = await mailsTo(email);
    expect(confirmMail.subject).toContain('confirm');
    expect(confirmMail.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/atelier\/newsletter\/unsubscribe\?token=/);
    expect(confirmMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // a mail scanner opening the link changes nothing
    const link = confirmLink(confirmMail.html);
    for (let i = 0; i < 2; i++) {
      const opened = await fetch(link);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-security-policy')).toContain("form-action 'self'");
      const form = pageForm(await opened.text());
      expect(form.button).toBe('Confirm subscription');
    }
    expect((await subscribers(email))[0].status).toBe('pending');
    expect(await sentKinds(email)).toEqual(['newsletter-confirm']);

    const pressed = await press(pageForm(await (await fetch(link)).text()));
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('Subscription confirmed');
    const [after] = await subscribers(email);
    expect(after.status).toBe('confirmed');

    const mails = await mailsTo(email, 2);
    const welcome = mails.find((m) => m.subject.startsWith('Welcome'));
    expect(welcome).toBeDefined();
    expect(welcome?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // opening or pressing again sends no second welcome
    const again = await fetch(link);
    expect(await again.text()).toContain('Already confirmed');
    const pressedAgain = await fetch(link, { method: 'POST' });
    expect(await pressedAgain.text()).toContain('Already confirmed');
    expect(await sentKinds(email)).toEqual(['newsletter-confirm', 'newsletter-welcome']);
  });

  it('answers every valid sign-up the same, whether the address is new, pending, confirmed or unsubscribed', async () => {
    const fresh = 'fresh@example.com';
    const pending = 'pending@example.com';
    const confirmed = 'confirmed@example.com';
    const left = 'left@example.com';
    const sign = async (email: string) => {
      const res = await post('/api/atelier/subscribe-newsletter', { email, source: 'home' });
      return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
    };
    await sign(pending);
    await sign(confirmed);
    const [c] = await mailsTo(confirmed);
    await press(pageForm(await (await fetch(confirmLink(c.html))).text()));
    await sign(left);
    const [l] = await mailsTo(left);
    await press(pageForm(await (await fetch(link(l.html, '/api/atelier/newsletter/unsubscribe'))).text()));
    expect((await subscribers(confirmed))[0].status).toBe('confirmed');
    expect((await subscribers(left))[0].status).toBe('unsubscribed');

    const answers = [await sign(fresh), await sign(pending), await sign(confirmed), await sign(left)];
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0].status).toBe(200);
    expect(JSON.parse(answers[0].body)).toEqual({ ok: true });
  });

  it('a repeated sign-up is idempotent: one record, no second confirmation right away', async () => {
    const email = 'repeat@example.com';
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/atelier/subscribe-newsletter', { email, source: 'home', context: 'Home' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await subscribers(email)).toHaveLength(1);
    expect(await sentKinds(email)).toEqual(['newsletter-confirm']);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('the unsubscribe link in the mail body shows a button that unsubscribes, and the one-click POST works', async () => {
    const email = 'leave@example.com';
    await post('/api/atelier/subscribe-newsletter', { email, source: 'print-drop', dropSlug: 'print-drop' });
    expect((await subscribers(email))[0].consent_context).toBe('print-drop');
    const [m] = await mailsTo(email);
    const opened = await fetch(link(m.html, '/api/atelier/newsletter/unsubscribe'));
    expect(opened.status).toBe(200);
    const form = pageForm(await opened.text());
    expect(form.button).toBe('Unsubscribe');
    expect((await subscribers(email))[0].status).toBe('pending');
    const res = await press(form);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('You are unsubscribed');
    expect((await subscribers(email))[0].status).toBe('unsubscribed');

    // signing up again starts over with a fresh consent record; the exhibition's title comes from its slug
    await post('/api/atelier/subscribe-newsletter', {
      email,
      source: 'exhibition',
      exhibitionSlug: 'in-the-hollow',
      context: 'Not this',
    });
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
    expect(await oneClick.json()).toEqual({ status: 'unsubscribed' });
    expect((await subscribers(email))[0].status).toBe('unsubscribed');
  });

  it('a bad unsubscribe or confirm token is refused', async () => {
    expect((await fetch(`${pb.url}/api/atelier/newsletter/unsubscribe?token=nope`)).status).toBe(400);
    expect((await fetch(`${pb.url}/api/atelier/newsletter/confirm?token=${'a'.repeat(40)}`)).status).toBe(400);
    expect(
      (await fetch(`${pb.url}/api/atelier/newsletter/confirm?token=${'a'.repeat(40)}`, { method: 'POST' })).status,
    ).toBe(400);
    expect((await post('/api/atelier/newsletter/unsubscribe?token=x', {})).status).toBe(400);
  });

  it('the viewing-room sign-up mails a link that unlocks the room on another device, with nothing the caller typed', async () => {
    const email = 'visitor@example.com';
    const planted = 'Claim your prize at evil.example';
    const res = await post('/api/atelier/subscribe-newsletter', {
      email,
      source: 'viewing-room',
      context: planted,
      name: `Vera ${planted}`,
      artworkSlug: 'the-whispering-room',
    });
    expect(res.status).toBe(200);
    const [m] = await mailsTo(email);
    expect(m.subject).toContain('viewing room');
    // the artwork's title comes from the database; neither the name nor the context is mailed
    expect(m.html).toContain('<em>The Whispering Room</em>');
    expect(m.html).not.toContain('Vera');
    expect(`${m.html}${m.text}${m.subject}`).not.toContain('evil.example');
    const roomUrl = new URL(link(m.html, '/viewing-room?'));
    expect(roomUrl.searchParams.get('artwork')).toBe('the-whispering-room');
    const token = roomUrl.searchParams.get('access');
    expect(token).toBeTruthy();
    expect(m.html).toContain('/api/atelier/newsletter/confirm');

    const ok = await post('/api/atelier/viewing-room/unlock', { token });
    expect(ok.status).toBe(200);
    // the link's pass opens the room's works
    const room = await fetch(`${pb.url}/api/atelier/viewing-room/works`, {
      headers: { 'x-viewing-room-pass': String(token) },
    });
    expect(room.status).toBe(200);
    expect((await room.json()).works.length).toBeGreaterThan(0);
    const last = token?.slice(-1) === '0' ? '1' : '0';
    const forged = await post('/api/atelier/viewing-room/unlock', { token: `${token?.slice(0, -1)}${last}` });
    expect(forged.status).toBe(400);
    const [sub] = await subscribers(email);
    expect(sub).toMatchObject({
      name: `Vera ${planted}`,
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
      [
        { email: 'x@example.com', source: 'viewing-room', name: 'Ada L', artworkSlug: 'no-such-artwork' },
        'artworkSlug',
      ],
      [{ email: 'x@example.com', source: 'viewing-room', name: 'Ada L', artworkSlug: 'Not A Slug' }, 'artworkSlug'],
      // the gate asks for first and last name: the server requires them for its sign-ups
      [
        { email: 'x@example.com', source: 'viewing-room', firstName: 'Ada', artworkSlug: 'the-whispering-room' },
        'lastName',
      ],
      [{ email: 'x@example.com', source: 'print-drop', dropSlug: 'no-such-drop' }, 'dropSlug'],
      [{ email: 'x@example.com', source: 'exhibition', exhibitionSlug: 'no-such-show' }, 'exhibitionSlug'],
      [{ email: ['x@example.com'], source: 'footer' }, 'email'],
    ];
    for (const [i, [body, field]] of cases.entries()) {
      // one address per case: the route allows 10 sign-ups a minute per address
      const res = await post('/api/atelier/subscribe-newsletter', body, `10.1.${i}.1`);
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
