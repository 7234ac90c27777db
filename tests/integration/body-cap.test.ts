// Every request body is bounded before PocketBase reads it (pb_hooks/body-cap.pb.js), whoever
// sends it and whatever the route's own limit, so nobody can make the server spool gigabytes.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { api } from './helpers';

let pb: TestPocketBase;

beforeAll(async () => {
  pb = await startPocketBase();
});
afterAll(async () => {
  await pb?.stop();
});

/** Declares `declared` bytes, sends only a few, and reports the status the server answers with. */
function declareBody(path: string, declared: number, token: string | null, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': contentType, 'content-length': String(declared) };
    if (token) headers.authorization = token;
    const req = request(new URL(`${pb.url}${path}`), { method: 'POST', headers });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('x'.repeat(64));
  });
}

describe('the request body cap', () => {
  it('answers 413 before reading a body over 256 MB, for anonymous visitors and superusers alike', async () => {
    const gib = 1024 ** 3;
    const multipart = 'multipart/form-data; boundary=x';
    expect(await declareBody('/api/collections/users/records', gib, null, multipart)).toBe(413);
    expect(await declareBody('/api/collections/course_modules/records', gib, null, multipart)).toBe(413);
    expect(await declareBody('/api/collections/artworks/records', gib, pb.superuser.token, multipart)).toBe(413);
    expect(await declareBody('/api/atelier/send-contact', gib, null, 'application/json')).toBe(413);
  });

  it('leaves room for ordinary writes: a 1 MB superuser record write is read and validated', async () => {
    const res = await api(pb, 'POST', '/api/collections/pages/records', pb.superuser.token, {
      slug: 'big-page',
      title: 'Big page',
      body: `<p>${'a'.repeat(1024 * 1024)}</p>`,
      is_published: false,
    });
    expect(res.status).not.toBe(413);
  });
});
