// The analytics consent routes (pb_hooks/analytics.pb.js): the app is told whether to ask,
// each answer is recorded with its banner text version, a repeated answer from the same
// browser is recorded once, and without ANALYTICS_SCRIPT_URL there is nothing to answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { api, type Loose } from './helpers';

const SCRIPT = 'https://stats.example.net/script.js';

async function consents(pb: TestPocketBase): Promise<Loose[]> {
  const res = await asSuperuser(pb, '/api/collections/analytics_consents/records?sort=created,id&perPage=100');
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Loose[] }).items;
}

describe('with ANALYTICS_SCRIPT_URL', () => {
  let pb: TestPocketBase;
  beforeAll(async () => {
    pb = await startPocketBase({ env: { ANALYTICS_SCRIPT_URL: SCRIPT } });
  });
  afterAll(() => pb?.stop());

  it('tells the app to ask, and names the script', async () => {
    const res = await api(pb, 'GET', '/api/atelier/analytics-config', null);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scriptUrl: SCRIPT });
  });

  it('records each answer; the same answer sent again by the same browser is recorded once', async () => {
    const visitor = 'visitor-consent-1';
    const send = (choice: string) =>
      api(pb, 'POST', '/api/atelier/analytics-consent', null, { choice, version: 'analytics-v1', visitor });
    expect((await send('refused')).status).toBe(200);
    expect((await send('refused')).status).toBe(200);
    expect((await send('accepted')).status).toBe(200);
    expect((await send('accepted')).status).toBe(200);
    expect((await send('refused')).status).toBe(200);
    const mine = (await consents(pb)).filter((r) => r.visitor === visitor);
    expect(mine.map((r) => r.choice)).toEqual(['refused', 'accepted', 'refused']);
    expect(mine.every((r) => r.text_version === 'analytics-v1')).toBe(true);
  });

  it('refuses an answer to a text the site does not show, or without a choice', async () => {
    const before = (await consents(pb)).length;
    const bad = [
      { choice: 'accepted', version: 'analytics-v0' },
      { choice: 'accepted' },
      { version: 'analytics-v1' },
      { choice: 'maybe', version: 'analytics-v1' },
    ];
    for (const body of bad)
      expect((await api(pb, 'POST', '/api/atelier/analytics-consent', null, body)).status).toBe(400);
    expect((await consents(pb)).length).toBe(before);
  });
});

describe('without ANALYTICS_SCRIPT_URL', () => {
  let pb: TestPocketBase;
  beforeAll(async () => {
    pb = await startPocketBase({ env: { ANALYTICS_SCRIPT_URL: '' } });
  });
  afterAll(() => pb?.stop());

  it('there is no script to ask about, and no answer is taken', async () => {
    expect((await api(pb, 'GET', '/api/atelier/analytics-config', null)).body).toEqual({ scriptUrl: null });
    const res = await api(pb, 'POST', '/api/atelier/analytics-consent', null, {
      choice: 'accepted',
      version: 'analytics-v1',
    });
    expect(res.status).toBe(404);
    expect(await consents(pb)).toEqual([]);
  });
});
