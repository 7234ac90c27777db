// Visitor forms posted by the browser itself (before the app starts, or without JavaScript):
// application/x-www-form-urlencoded to the routes the app sends JSON to, answered with a 303
// to the result page. The same checks, limits, consent records and mails as the JSON path,
// and nothing the visitor typed in the URL it is sent to (docs/api.md, "Forms without the app").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { mailsTo } from '../support/mail';
import { isResultForm, isResultOutcome } from '@/ui/form/result';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { listAll } from './helpers';

const ARTIST = 'artist@atelier.test';
const NEWSLETTER = '/api/atelier/subscribe-newsletter';
const CONTACT = '/api/atelier/send-contact';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailDev>>;
let ipSeq = 1;
let ip = '';

interface Sent {
  status: number;
  location: string;
}

/** Posts an HTML form as a browser does: form-encoded, same origin, from `page`; redirects not followed. */
async function postForm(
  path: string,
  fields: Record<string, string> | string,
  opts: { page?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<Sent> {
  const res = await fetch(`${pb.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': opts.from ?? ip,
      'sec-fetch-site': 'same-origin',
      origin: pb.url,
      referer: `${pb.url}${opts.page ?? '/'}`,
      ...opts.headers,
    },
    body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** The result page a 303 names: its form, and its query as an object. */
function result(sent: Sent) {
  expect(sent.status, `answered ${sent.status} ${sent.location}`).toBe(303);
  const url = new URL(sent.location, pb.url);
  expect(url.origin).toBe(new URL(pb.url).origin);
  const m = /^\/result\/([a-z-]+)$/.exec(url.pathname);
  expect(m, sent.location).not.toBeNull();
  // the app's result page knows this form and this outcome
  expect(isResultForm(m![1]!), m![1]).toBe(true);
  expect(isResultOutcome(url.searchParams.get('outcome')), sent.location).toBe(true);
  return { form: m![1], ...Object.fromEntries(url.searchParams) } as Record<string, string>;
}

/** Nothing the visitor typed is in the URL the browser is sent to. */
function expectNothingTyped(sent: Sent, typed: string[]) {
  const decoded = decodeURIComponent(sent.location).toLowerCase();
  for (const value of typed) expect(decoded).not.toContain(value.toLowerCase());
}

async function subscriber(email: string) {
  const items = await listAll(pb, 'newsletter_subscribers', `&filter=${encodeURIComponent(`email="${email}"`)}`);
  return items[0];
}

async function messagesFrom(email: string) {
  return listAll(pb, 'contact_messages', `&filter=${encodeURIComponent(`email="${email}"`)}`);
}

beforeAll(async () => {
  mail = await startMailDev();
  pb = await startPocketBase({
    seed: true,
    behindProxy: true,
    env: { ...mail.smtpEnv, ARTIST_EMAIL: ARTIST, MAIL_FROM: 'Elin Vinter <studio@example.com>' },
  });
});

afterAll(async () => {
  await pb?.stop();
  await mail?.stop();
});

beforeEach(() => {
  // each test speaks from its own address, so the per-address limits stay out of the way
  ipSeq++;
  ip = `10.9.0.${ipSeq}`;
});

describe('newsletter sign-ups posted as HTML forms', () => {
  // [source, page the form is on, its hidden fields, consent context stored, the mail's subject]
  const cases: [string, string, Record<string, string>, string, string][] = [
    ['footer', '/about', {}, 'Footer', 'confirm'],
    ['home', '/', {}, 'Home', 'confirm'],
    ['print-drop', '/drop/print-drop', { dropSlug: 'print-drop' }, 'print-drop', 'confirm'],
    [
      'exhibition',
      '/exhibitions/in-the-hollow',
      { exhibitionSlug: 'in-the-hollow', name: 'Ada Lovelace' },
      'In the hollow',
      'confirm',
    ],
    [
      'viewing-room',
      '/viewing-room?artwork=the-whispering-room',
      { artworkSlug: 'the-whispering-room', name: 'Ada Lovelace' },
      'The Whispering Room',
      'viewing room',
    ],
  ];
  for (const [source, page, extra, context, subject] of cases) {
    it(`${source}: records the consent, mails the confirmation and sends the browser to its result page`, async () => {
      const email = `form-${source}@example.com`;
      const sent = await postForm(NEWSLETTER, { email, source, consentVersion: `${source}-v1`, ...extra }, { page });
      const r = result(sent);
      expect(r).toEqual({ form: source, outcome: 'sent', back: page });
      expectNothingTyped(sent, [email, 'Ada']);

      expect(await subscriber(email)).toMatchObject({
        status: 'pending',
        consent_source: source,
        consent_context: context,
        consent_text_version: `${source}-v1`,
        consent_ip: ip,
      });
      const [first] = await mailsTo(mail, email);
      expect(first.subject).toContain(subject);
    });
  }

  it('refuses a bad address with its field and code only, and stores nothing', async () => {
    const typed = 'not-an-address-ada';
    const sent = await postForm(NEWSLETTER, { email: typed, source: 'home', consentVersion: 'home-v1' });
    expect(result(sent)).toEqual({ form: 'home', outcome: 'invalid', errors: 'email.invalid_email', back: '/' });
    expectNothingTyped(sent, [typed]);
    expect(await listAll(pb, 'newsletter_subscribers', `&filter=${encodeURIComponent('email~"ada"')}`)).toEqual([]);
  });

  it('an empty field is "required"; an unknown source still gets a newsletter result page', async () => {
    expect(result(await postForm(NEWSLETTER, { email: '', source: 'footer' }))).toMatchObject({
      form: 'footer',
      outcome: 'invalid',
      errors: 'email.required',
    });
    expect(result(await postForm(NEWSLETTER, { email: 'x@example.com', source: 'elsewhere' }))).toMatchObject({
      form: 'newsletter',
      outcome: 'invalid',
      errors: 'source.invalid_value',
    });
  });

  it('the rate limit of the JSON path holds for form posts and says so on the result page', async () => {
    const from = '198.51.100.40';
    const outcomes: string[] = [];
    // PocketBase's rule for this route: 10 per minute per address, both encodings together
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${pb.url}${NEWSLETTER}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ email: `rate-json-${i}@example.com`, source: 'footer' }),
      });
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < 6; i++) {
      const sent = await postForm(NEWSLETTER, { email: `rate-form-${i}@example.com`, source: 'footer' }, { from });
      outcomes.push(result(sent).outcome!);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'limited']);
    expect(await subscriber('rate-form-5@example.com')).toBeUndefined();
  });
});

describe('contact messages and inquiries posted as HTML forms', () => {
  beforeEach(async () => {
    await mail.clear();
  });

  it('stores the message, mails the artist and sends the browser to "Message sent"', async () => {
    const email = 'form-contact@example.com';
    const fields = {
      name: 'Ada Lovelace',
      email,
      subject: 'Press Inquiry',
      message: 'Hello!\r\nCould we talk about an interview? 50% of it, & more = yes',
    };
    const sent = await postForm(CONTACT, fields, { page: '/contact' });
    expect(result(sent)).toEqual({ form: 'contact', outcome: 'sent', back: '/contact' });
    expectNothingTyped(sent, ['Ada', 'interview', email]);
    const [stored] = await messagesFrom(email);
    expect(stored).toMatchObject({
      kind: 'contact',
      name: 'Ada Lovelace',
      subject: 'Press Inquiry',
      mail_status: 'sent',
    });
    // the form's line breaks (CRLF) are kept as the JSON path keeps them, and + & = % arrive as typed
    expect(stored.message).toBe('Hello!\nCould we talk about an interview? 50% of it, & more = yes');
    const [m] = await mailsTo(mail, ARTIST);
    expect(m.headers['reply-to']).toContain(email);
  });

  it('an inquiry sends its fields; the server writes subject and message from the artwork; digits stay text', async () => {
    const artwork = (await listAll(pb, 'artworks', `&filter=${encodeURIComponent('slug="the-whispering-room"')}`))[0];
    const email = 'form-inquiry@example.com';
    const sent = await postForm(
      CONTACT,
      {
        kind: 'inquiry',
        firstName: '1234',
        lastName: 'Buyer',
        email,
        phone: '0701234567',
        comments: 'Is it still available?',
        artworkId: artwork.id,
      },
      { page: '/viewing-room?artwork=the-whispering-room&access=secret.abc' },
    );
    // the back link keeps the artwork, never the access token
    expect(result(sent)).toEqual({
      form: 'inquiry',
      outcome: 'sent',
      back: '/viewing-room?artwork=the-whispering-room',
    });
    const [stored] = await messagesFrom(email);
    expect(stored).toMatchObject({
      kind: 'inquiry',
      name: '1234 Buyer',
      phone: '0701234567',
      artwork_id: artwork.id,
      subject: 'Artwork Inquiry: The Whispering Room',
    });
    expect(stored.message).toContain('Title: The Whispering Room');
    expect(stored.message).toContain(`Year: ${artwork.year}`);
    expect(stored.message).toContain('Is it still available?');
  });

  it('an inquiry needs its names and an artwork; the app sends the same fields as JSON', async () => {
    const artwork = (await listAll(pb, 'artworks', `&filter=${encodeURIComponent('slug="the-whispering-room"')}`))[0];
    const refused = await postForm(CONTACT, {
      kind: 'inquiry',
      firstName: '',
      lastName: 'B',
      email: 'inq@example.com',
    });
    expect(result(refused).errors!.split(',').sort()).toEqual(['artworkId.required', 'firstName.required']);
    const res = await fetch(`${pb.url}${CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({
        kind: 'inquiry',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'inquiry-json@example.com',
        phone: '',
        comments: '',
        artworkId: artwork.id,
        clientId: 'client-inquiry-0001',
      }),
    });
    expect(res.status).toBe(200);
    const [stored] = await messagesFrom('inquiry-json@example.com');
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      phone: 'Not provided',
      subject: 'Artwork Inquiry: The Whispering Room',
    });
  });

  it('refuses missing and malformed fields with their codes, and stores nothing', async () => {
    const email = 'form-contact-bad@example.com';
    const sent = await postForm(CONTACT, { name: '', email, subject: 'General Inquiry', message: '<b>hi</b>' });
    const r = result(sent);
    expect(r.outcome).toBe('invalid');
    expect(r.errors!.split(',').sort()).toEqual(['message.html_not_allowed', 'name.required']);
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('a field sent twice is refused, not joined', async () => {
    const email = 'form-contact-twice@example.com';
    const body = `name=Ada&name=Eve&email=${encodeURIComponent(email)}&message=Hello`;
    expect(result(await postForm(CONTACT, body))).toMatchObject({ outcome: 'invalid', errors: 'name.invalid_type' });
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('a body that is not form encoding, or too large, gets its result page', async () => {
    expect(result(await postForm(CONTACT, 'name=%E0%A4%A&email=x'))).toMatchObject({
      form: 'contact',
      outcome: 'invalid',
    });
    const big = await postForm(CONTACT, { name: 'Ada', email: 'big@example.com', message: 'x'.repeat(70 * 1024) });
    expect(result(big)).toMatchObject({ form: 'contact', outcome: 'too-large' });
    expect(await messagesFrom('big@example.com')).toEqual([]);
  });

  it('the per-address cap of 5 messages in 10 minutes holds for form posts', async () => {
    const from = '198.51.100.41';
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const sent = await postForm(
        CONTACT,
        { name: 'Ada', email: `cap-${i}@example.com`, message: `Message ${i}` },
        { from },
      );
      outcomes.push(result(sent).outcome!);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'limited']);
    expect(await messagesFrom('cap-5@example.com')).toEqual([]);
  });

  it('a form posted from another site is refused and stores nothing', async () => {
    const email = 'form-cross-site@example.com';
    const sent = await postForm(
      CONTACT,
      { name: 'Ada', email, message: 'Hello' },
      {
        headers: {
          'sec-fetch-site': 'cross-site',
          origin: 'https://elsewhere.example',
          referer: 'https://elsewhere.example/',
        },
      },
    );
    expect(sent.status).toBe(403);
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('the result page links back only to a page of this site', async () => {
    const foreign = await postForm(
      CONTACT,
      { name: 'Ada', email: 'back-foreign@example.com', message: 'Hello' },
      { headers: { referer: 'https://elsewhere.example/contact' } },
    );
    expect(result(foreign).back).toBeUndefined();
    const odd = await postForm(
      CONTACT,
      { name: 'Ada', email: 'back-odd@example.com', message: 'Hello' },
      { page: '/contact?email=typed%40example.com' },
    );
    expect(result(odd).back).toBe('/contact');
  });

  it('the JSON path is unchanged: 200 with the id, no redirect', async () => {
    const res = await fetch(`${pb.url}${CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({
        name: 'Ada',
        email: 'json-path@example.com',
        message: 'Hello',
        clientId: 'client-json-0001',
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: expect.stringMatching(/^[a-z0-9]{15}$/) });
    const bad = await fetch(`${pb.url}${CONTACT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ name: '', email: 'json-path@example.com', message: 'Hello' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { data: Record<string, { code: string }> }).data.name.code).toBe(
      'validation_required',
    );
  });
});
