import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryCacheStorage } from '../support/memory-caches';
import {
  OWNER_HEADER,
  offlineMediaKey,
  parseFilePath,
  parseRange,
  sameFile,
  tokenUserId,
} from '@/lib/offline/media-keys';

vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }));
const { registerRoute } = await import('workbox-routing');
const { registerOfflineMediaRoutes, respondFromCopy } = await import('../../src/sw/offline-media');

describe('download keys', () => {
  it('map a record file to a cache key without the file token', () => {
    expect(offlineMediaKey({ collection: 'pbc_123', recordId: 'abc123def456ghi', filename: 'intro_x1y2.mp4' })).toBe(
      '/offline-media/pbc_123/abc123def456ghi/intro_x1y2.mp4',
    );
  });

  it('read the file back from both the API path and the offline key', () => {
    const ref = { collection: 'course_modules', recordId: 'abc123def456ghi', filename: 'intro video.mp4' };
    const key = offlineMediaKey(ref);
    expect(parseFilePath(key)).toEqual(ref);
    expect(parseFilePath('/api/files/course_modules/abc123def456ghi/intro%20video.mp4')).toEqual(ref);
    expect(parseFilePath('/api/files/course_modules/abc')).toBeNull();
    expect(parseFilePath('/offline-media/a/b/c/d')).toBeNull();
  });

  it('treat the collection id and name as the same file', () => {
    expect(
      sameFile(
        { collection: 'pbc_1', recordId: 'r', filename: 'f.mp4' },
        { collection: 'course_modules', recordId: 'r', filename: 'f.mp4' },
      ),
    ).toBe(true);
    expect(
      sameFile(
        { collection: 'x', recordId: 'r', filename: 'f.mp4' },
        { collection: 'x', recordId: 'r', filename: 'g.mp4' },
      ),
    ).toBe(false);
  });
});

describe('Range headers', () => {
  it('serve the whole body without a usable header', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('items=0-5', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
    expect(parseRange('bytes=0-5,10-20', 100)).toBeNull();
    expect(parseRange('bytes=9-3', 100)).toBeNull();
  });

  it('take start-end, open ends and suffixes, clamping ends past the body', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(parseRange('bytes=-300', 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuse a start past the body', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});

describe('the service worker answer from a downloaded copy', () => {
  const body = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
  const copy = () => new Response(body, { headers: { 'Content-Type': 'video/mp4', [OWNER_HEADER]: 'user1' } });

  it('is 206 with Content-Range for a range, and never leaks the owner header', async () => {
    const res = await respondFromCopy(
      new Request('http://x/offline-media/a/b/c.mp4', { headers: { range: 'bytes=10-19' } }),
      copy(),
    );
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/100');
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get(OWNER_HEADER)).toBeNull();
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('is 200 with the whole body without a range, and 416 past the end', async () => {
    const full = await respondFromCopy(new Request('http://x/v.mp4'), copy());
    expect(full.status).toBe(200);
    expect((await full.arrayBuffer()).byteLength).toBe(100);
    const bad = await respondFromCopy(new Request('http://x/v.mp4', { headers: { range: 'bytes=200-' } }), copy());
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe('bytes */100');
  });
});

describe('file token owner', () => {
  it('reads the user id from a PocketBase token payload', () => {
    const payload = Buffer.from(JSON.stringify({ id: 'user123', type: 'file' })).toString('base64url');
    expect(tokenUserId(`h.${payload}.s`)).toBe('user123');
    expect(tokenUserId('garbage')).toBeNull();
    expect(tokenUserId(null)).toBeNull();
  });
});

describe('the service worker route for /offline-media/', () => {
  afterEach(() => vi.unstubAllGlobals());

  type Handler = (ctx: { request: Request; url: URL }) => Promise<Response>;
  function offlineMediaRoute(): Handler {
    vi.mocked(registerRoute).mockClear();
    registerOfflineMediaRoutes();
    const calls = vi.mocked(registerRoute).mock.calls as unknown as [unknown, Handler][];
    return calls[0]![1];
  }

  it('serves a download only to the account that made it, not to another one signed in on the device', async () => {
    const caches = memoryCacheStorage();
    vi.stubGlobal('caches', caches);
    const key = '/offline-media/pbc_modules/m1/intro.webm';
    await (await caches.open('atelier-learner-downloads')).put(
      key,
      new Response(new Uint8Array(10), { headers: { 'Content-Type': 'video/webm', [OWNER_HEADER]: 'ana' } }),
    );
    const serve = offlineMediaRoute();
    const open = () => serve({ request: new Request(`http://app.test${key}`), url: new URL(`http://app.test${key}`) });
    const signedIn = async (userId: string) =>
      (await caches.open('atelier-session')).put('/__atelier/session', new Response(userId));

    await signedIn('ana');
    expect((await open()).status).toBe(200);
    // Ana's session expired without a sign-out; Bo signs in on the same tablet
    await signedIn('bo');
    expect((await open()).status).toBe(404);
  });
});
