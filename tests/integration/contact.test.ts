import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { mailsTo } from '../support/mail';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';

const ARTIST = 'artist@atelier.test';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailDev>>;
let ipSeq = 1;

function post(body: unknown, ip = `10.1.0.${ipSeq}`) {
  return fetch(`${pb.url}/api/atelier/send-contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function messages(filter: string) {
  const r = await asSuperuser(pb, `/api/collections/contact_messages/records?filter=${encodeURIComponent(filter)}`);
  return ((await r.json()) as { items: Record<string, unknown>[] }).items;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Press Inquiry',
  message: 'Hello!\nCould we talk about an interview?',
};

beforeAll(async () => {
  mail = await startMailDev();
  pb = await startPocketBase({ seed: true, behindProxy: true, env: { ...mail.smtpEnv, ARTIST_EMAIL: ARTIST } });
});

afterAll(async () => {
  await pb?.stop();
  await mail?.stop();
});

beforeEach(async () => {
  ipSeq++;
  await mail.clear();
});

describe('send-contact', () => {
  it('stores the message and emails the artist with Reply-To the visitor', async () => {
    const res = await post({ ...valid, clientId: 'client-contact-0001' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const [stored] = await messages(`id="${id}"`);
    expect(stored).toMatchObject({
      kind: 'contact',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Press Inquiry',
      mail_status: 'sent',
      client_id: 'client-contact-0001',
    });
    expect(stored.message).toBe(valid.message);

    const [m] = await mailsTo(mail, ARTIST);
    expect(m.subject).toContain('Press Inquiry');
    expect(m.headers['reply-to']).toContain('ada@example.com');
    expect(m.text).toContain('Could we talk about an interview?');
  });

  it('is idempotent per clientId: a resend stores and mails once', async () => {
    const body = { ...valid, clientId: 'client-contact-0002' };
    const first = (await (await post(body)).json()) as { id: string };
    const second = (await (await post(body)).json()) as { id: string };
    expect(second.id).toBe(first.id);
    expect(await messages('client_id="client-contact-0002"')).toHaveLength(1);
    expect(await mailsTo(mail, ARTIST, 2, 1000)).toHaveLength(1);
  });

  it('an artwork inquiry keeps phone, artwork and the "Artwork Inquiry: {title}" subject', async () => {
    const art = (await (
      await asSuperuser(pb, '/api/collections/artworks/records?filter=slug%3D%22the-whispering-room%22')
    ).json()) as { items: { id: string }[] };
    const res = await post({
      kind: 'inquiry',
      name: 'Bo Buyer',
      email: 'bo@example.com',
      phone: 'Not provided',
      subject: 'Artwork Inquiry: The Whispering Room',
      message: 'Name: Bo Buyer\nArtwork: The Whispering Room (2025)',
      artworkId: art.items[0].id,
      clientId: 'client-inquiry-0001',
    });
    expect(res.status).toBe(200);
    const [stored] = await messages('client_id="client-inquiry-0001"');
    expect(stored).toMatchObject({ kind: 'inquiry', phone: 'Not provided', artwork_id: art.items[0].id });
    const [m] = await mailsTo(mail, ARTIST);
    expect(m.subject).toContain('Artwork Inquiry: The Whispering Room');
    expect(m.headers['reply-to']).toContain('bo@example.com');
  });

  it('rejects missing, malformed, oversized and HTML input with clear errors and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, email: undefined }, 'email'],
      [{ ...valid, message: '   ' }, 'message'],
      [{ ...valid, email: 'ada@' }, 'email'],
      [{ ...valid, subject: 'Spam' }, 'subject'],
      [{ ...valid, message: 'm'.repeat(5001) }, 'message'],
      [{ ...valid, name: 'n'.repeat(201) }, 'name'],
      [{ ...valid, message: 'hi <img src=x onerror=alert(1)>' }, 'message'],
      [{ ...valid, name: '<b>Ada</b>' }, 'name'],
      [{ ...valid, kind: 'inquiry', subject: 'Hello' }, 'subject'],
      [{ ...valid, artworkId: 'zzzzzzzzzzzzzzz' }, 'artworkId'],
      [{ ...valid, clientId: 'bad id!' }, 'clientId'],
      [{ ...valid, message: { nested: true } }, 'message'],
    ];
    for (const [i, [body, field]] of cases.entries()) {
      // one address per case: the route allows 10 messages a minute per address
      const res = await post({ ...body, clientId: body.clientId ?? 'client-bad-input-1' }, `10.2.${i}.1`);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const json = (await res.json()) as { message: string; data: Record<string, { message: string }> };
      expect(Object.keys(json.data)).toContain(field);
      expect(json.message.length).toBeGreaterThan(5);
    }
    expect(await messages('client_id="client-bad-input-1"')).toHaveLength(0);
    expect((await post('{not json')).status).toBe(400);
    const huge = await post(JSON.stringify({ ...valid, message: 'x'.repeat(100_000) }));
    expect(huge.status).toBe(413);
    expect(await mailsTo(mail, ARTIST, 1, 500)).toHaveLength(0);
  });

  it('keeps the message when mail fails', async () => {
    // point the mailer at a closed port
    const s = await asSuperuser(pb, '/api/settings');
    const settings = (await s.json()) as { smtp: Record<string, unknown> };
    await asSuperuser(pb, '/api/settings', {
      method: 'PATCH',
      body: JSON.stringify({ smtp: { ...settings.smtp, port: 1 } }),
    });
    try {
      const res = await post({ ...valid, clientId: 'client-mail-fails-1' });
      expect(res.status).toBe(200);
      const [stored] = await messages('client_id="client-mail-fails-1"');
      expect(stored.mail_status).toBe('failed');
      expect(String(stored.mail_error)).not.toBe('');
    } finally {
      await asSuperuser(pb, '/api/settings', { method: 'PATCH', body: JSON.stringify({ smtp: settings.smtp }) });
    }
  });

  it('rate-limits one address to 5 new messages per 10 minutes', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 5; i++) {
      expect((await post({ ...valid, clientId: `client-rate-000${i}` }, ip)).status).toBe(200);
    }
    const limited = await post({ ...valid, clientId: 'client-rate-0009' }, ip);
    expect(limited.status).toBe(429);
    // a replay of an accepted message is still answered
    expect((await post({ ...valid, clientId: 'client-rate-0000' }, ip)).status).toBe(200);
  });
});
