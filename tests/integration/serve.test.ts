// The PWA is served by PocketBase itself: SPA fallback, real 404s for missing files,
// cache headers a service worker can live with, and precompressed assets.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';

const SHELL = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let pb: TestPocketBase;
let publicDir: string;

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'atelier-public-'));
  mkdirSync(join(publicDir, 'assets'));
  writeFileSync(join(publicDir, 'index.html'), SHELL);
  writeFileSync(join(publicDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(publicDir, 'robots.txt'), 'User-agent: *\n');
  writeFileSync(join(publicDir, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(publicDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(publicDir, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
  pb = await startPocketBase({ publicDir });
});

afterAll(async () => {
  await pb?.stop();
  rmSync(publicDir, { recursive: true, force: true });
});

/** Raw GET (fetch would transparently decode and hide Content-Encoding). */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${pb.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serving the PWA from PocketBase', () => {
  it('answers any app route with the shell, revalidated on every use, with a popup-friendly COOP', async () => {
    for (const path of ['/', '/artworks', '/course/whispering-game/chapter/abc']) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(200);
      expect(res.body.toString()).toBe(SHELL);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
  });

  it('answers a path no app route takes with the shell as a 404 (the app shows its not-found page)', async () => {
    for (const path of ['/news/x/y/z', '/some/thing', '/course/whispering-game/chapter', '/Weird%20Page']) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).toBe(SHELL);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
    for (const path of [
      '/my-courses',
      '/admin/videos',
      '/course/whispering-game/enroll',
      '/order/abc123-def456',
      '/privacy',
    ])
      expect((await rawGet(path)).status, path).toBe(200);
  });

  it('sends a page asked for with a trailing slash to its one address, query kept; never to another site', async () => {
    const res = await rawGet('/news/a-post/?utm_source=mail');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/news/a-post?utm_source=mail');
    expect((await rawGet('/course/whispering-game/')).headers.location).toBe('/course/whispering-game');
    for (const path of ['/%5Cevil.example/', '/%2F%2Fevil.example/', '/news/x/y/']) {
      const other = await rawGet(path);
      expect(other.status, path).toBe(404);
      expect(other.headers.location, path).toBeUndefined();
    }
  });

  it('serves hashed assets as immutable, brotli or gzip by Accept-Encoding, plain otherwise', async () => {
    const br = await rawGet('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    // exactly the precompressed file: nothing appended after it
    expect(br.body.equals(readFileSync(join(publicDir, 'assets', 'app-abc123.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await rawGet('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('answers a missing asset or file with a real 404, not the shell', async () => {
    for (const path of ['/assets/gone-123.js', '/icons/nope.png', '/missing.webmanifest']) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString()).not.toContain('<div id="root">');
    }
  });

  it('makes the service worker and static files revalidate', async () => {
    expect((await rawGet('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await rawGet('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('refuses to walk out of the public directory', async () => {
    const res = await rawGet('/..%2f..%2fetc/passwd');
    expect(res.status).not.toBe(200);
    expect(res.body.toString()).not.toContain('root:');
  });

  it('leaves the API alone', async () => {
    const res = await rawGet('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
