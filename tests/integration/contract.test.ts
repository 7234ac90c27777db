// The server accepts exactly what the PWA sends, read from the same contract
// (src/lib/contract/contract.gen.ts): every contact subject and no other, every newsletter
// source with its consent text version, the inquiry subject, the same email addresses as
// the browser's check, and the same default description in the served HTML.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEmail } from '@/features/newsletter/model/email';
import {
  CONSENT_TEXT_VERSIONS,
  CONTACT_SUBJECTS,
  DEFAULT_DESCRIPTION,
  Enums,
  FORM_LIMITS,
  INQUIRY_SUBJECT_PREFIX,
} from '@/lib/contract/contract.gen';
import { toAppError } from '@/lib/pocketbase/errors';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import type { Loose } from './helpers';

let pb: TestPocketBase;
let shellDir: string;
let ip = 0;

beforeAll(async () => {
  shellDir = mkdtempSync(join(tmpdir(), 'atelier-shell-'));
  writeFileSync(
    join(shellDir, 'index.html'),
    '<!doctype html><html><head><title data-default-head>x</title></head><body><div id="root"></div></body></html>',
  );
  pb = await startPocketBase({ publicDir: shellDir, behindProxy: true });
});

afterAll(async () => {
  await pb?.stop();
  rmSync(shellDir, { recursive: true, force: true });
});

/** Each request from its own address, so the per-IP form limits never couple the cases. */
async function post(path: string, body: Record<string, unknown>) {
  ip += 1;
  const res = await fetch(`${pb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${ip >> 8}.${ip & 255}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Loose };
}

async function first(collection: string, filter: string) {
  const res = await asSuperuser(pb, `/api/collections/${collection}/records?filter=${encodeURIComponent(filter)}`);
  return ((await res.json()) as { items: Record<string, unknown>[] }).items[0];
}

const contact = (subject: string, kind = 'contact') => ({
  kind,
  name: 'Ada',
  email: 'ada@example.com',
  subject,
  message: 'Hello',
});

describe('contact subjects', () => {
  it.each(CONTACT_SUBJECTS)('the server stores the subject "%s"', async (subject) => {
    const res = await post('/api/atelier/send-contact', contact(subject));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await first('contact_messages', `id = "${res.body.id}"`)).toMatchObject({ subject, kind: 'contact' });
  });

  it('and refuses any other', async () => {
    const res = await post('/api/atelier/send-contact', contact('Sales Inquiry'));
    expect(res.status).toBe(400);
    const message = `Must be one of: ${CONTACT_SUBJECTS.join(', ')}.`;
    // the field error reaches the PWA as {code, message}, the shape its forms read
    expect(res.body.data).toEqual({ subject: { code: 'validation_invalid_value', message } });
    expect(res.body.message).toBe(`Subject: ${message}`);
  });

  it("the PWA's error mapping reads the server's field errors", async () => {
    const sdk = new PocketBase(pb.url);
    const err = await sdk
      .send('/api/atelier/send-contact', {
        method: 'POST',
        body: { ...contact('Hi'), message: '<b>bold</b>' },
        headers: { 'x-forwarded-for': '10.7.255.1' },
      })
      .catch((e: unknown) => e);
    expect(toAppError(err).fieldErrors).toEqual({
      subject: `Must be one of: ${CONTACT_SUBJECTS.join(', ')}.`,
      message: 'HTML is not allowed; please send plain text.',
    });
  });

  it('an inquiry subject is the prefix and the artwork title', async () => {
    const ok = await post(
      '/api/atelier/send-contact',
      contact(`${INQUIRY_SUBJECT_PREFIX}The Whispering Room`, 'inquiry'),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const bare = await post('/api/atelier/send-contact', contact('The Whispering Room', 'inquiry'));
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.data)).toEqual(['subject']);
    expect(bare.body.message).toBe(`Subject: Must start with "${INQUIRY_SUBJECT_PREFIX}".`);
  });

  it('every message kind of the schema is accepted', async () => {
    for (const kind of Enums.contact_messages.kind) {
      const subject = kind === 'inquiry' ? `${INQUIRY_SUBJECT_PREFIX}Lantern Bearer` : CONTACT_SUBJECTS[0];
      expect((await post('/api/atelier/send-contact', contact(subject, kind))).status).toBe(200);
    }
  });
});

describe('newsletter sources and consent text versions', () => {
  it.each(Enums.newsletter_subscribers.consent_source)(
    'a sign-up from "%s" is stored with its text version',
    async (source) => {
      const email = `contract-${source}@example.com`;
      const res = await post('/api/atelier/subscribe-newsletter', {
        email,
        source,
        consentVersion: CONSENT_TEXT_VERSIONS[source],
        // the viewing-room gate asks for a first and a last name (the server requires them there)
        ...(source === 'viewing-room' ? { firstName: 'Ada', lastName: 'Lovelace' } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await first('newsletter_subscribers', `email = "${email}"`)).toMatchObject({
        consent_source: source,
        consent_text_version: CONSENT_TEXT_VERSIONS[source],
      });
    },
  );

  it('a source the PWA does not have is refused', async () => {
    const res = await post('/api/atelier/subscribe-newsletter', {
      email: 'contract-x@example.com',
      source: 'popup',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual(['source']);
  });
});

describe('the email check', () => {
  const cases = [
    'ada@example.com',
    'first.last+tag@sub.example.co',
    'ä@exämple.se',
    'a@b.c',
    'ada@example',
    '@example.com',
    'ada@.com',
    'ada@@example.com',
    'ada lovelace@example.com',
    'ada@exa mple.com',
    'ada.example.com',
  ];
  it.each(cases)('"%s": server and browser agree', async (email) => {
    const res = await post('/api/atelier/subscribe-newsletter', { email, source: 'footer' });
    expect(res.status === 200, JSON.stringify(res.body)).toBe(isValidEmail(email));
  });

  it('the longest address the forms allow is accepted, one more character is not', async () => {
    const local = 'a'.repeat(FORM_LIMITS.email - '@example.com'.length);
    expect(
      (await post('/api/atelier/subscribe-newsletter', { email: `${local}@example.com`, source: 'footer' })).status,
    ).toBe(200);
    const tooLong = await post('/api/atelier/subscribe-newsletter', {
      email: `${local}a@example.com`,
      source: 'footer',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(`Email: Must be at most ${FORM_LIMITS.email} characters.`);
  });
});

describe('the default description', () => {
  it("a page without its own description is served with the PWA's default", async () => {
    const html = await (await fetch(`${pb.url}/contact`)).text();
    expect(html).toContain(`<meta data-default-head name="description" content="${DEFAULT_DESCRIPTION}" />`);
  });
});
