/// <reference lib="webworker" />
// Offline course downloads in the service worker: answers `/offline-media/...` keys and the
// tokenized `/api/files/...` URL of a downloaded file from Cache Storage, with Range support
// (206 + Content-Range) so offline playback can seek. The page stores the copies
// (src/features/course/api/download-course.ts); this file only reads them.
import { registerRoute } from 'workbox-routing';
import {
  DEVICE_USER_CACHE,
  DEVICE_USER_KEY,
  type FileRef,
  LEGACY_DOWNLOADS_CACHE,
  OFFLINE_MEDIA_PREFIX,
  OWNER_HEADER,
  parseFilePath,
  parseRange,
  sameFile,
  tokenUserId,
  userCacheName,
} from '../lib/offline/media-keys';

declare let self: ServiceWorkerGlobalScope;

async function findIn(cache: Cache, ref: FileRef, exactKey: string): Promise<Response | undefined> {
  const exact = await cache.match(exactKey);
  if (exact) return exact;
  // The collection may be spelled as its id or its name; match on record id + file name.
  for (const req of await cache.keys()) {
    const other = parseFilePath(new URL(req.url).pathname);
    if (other && sameFile(ref, other)) return (await cache.match(req)) ?? undefined;
  }
  return undefined;
}

/**
 * The copy `userId` kept of a file: in that account's own cache, or in the cache older releases
 * shared between accounts when the copy there names it as its owner. Never another account's.
 */
async function findCopy(userId: string | null, ref: FileRef, exactKey: string): Promise<Response | undefined> {
  if (!userId) return undefined;
  const own = await findIn(await caches.open(userCacheName(userId)), ref, exactKey);
  if (own) return own;
  if (!(await caches.has(LEGACY_DOWNLOADS_CACHE))) return undefined;
  const legacy = await findIn(await caches.open(LEGACY_DOWNLOADS_CACHE), ref, exactKey);
  return legacy?.headers.get(OWNER_HEADER) === userId ? legacy : undefined;
}

/** The account signed in on this device, as the page last said (src/lib/offline/device-user.ts). */
async function deviceUser(): Promise<string | null> {
  const saved = await (await caches.open(DEVICE_USER_CACHE)).match(DEVICE_USER_KEY);
  return saved ? (await saved.text()) || null : null;
}

const notDownloaded = () =>
  new Response('Not downloaded on this device.', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/** A cached full response, answered as 200 or as the requested byte range. */
export async function respondFromCopy(request: Request, copy: Response): Promise<Response> {
  const blob = await copy.blob();
  const headers = new Headers(copy.headers);
  headers.delete(OWNER_HEADER);
  headers.set('Accept-Ranges', 'bytes');
  const range = parseRange(request.headers.get('range'), blob.size);
  if (range === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      statusText: 'Range Not Satisfiable',
      headers: { 'Content-Range': `bytes */${blob.size}` },
    });
  }
  if (range === null) {
    headers.set('Content-Length', String(blob.size));
    return new Response(request.method === 'HEAD' ? null : blob, { status: 200, headers });
  }
  const part = blob.slice(range.start, range.end + 1);
  headers.set('Content-Length', String(part.size));
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
  return new Response(request.method === 'HEAD' ? null : part, { status: 206, statusText: 'Partial Content', headers });
}

export function registerOfflineMediaRoutes() {
  // `/offline-media/...`: only ever a downloaded copy of the account signed in on this
  // device (404 when it was removed, or belongs to another account).
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && url.pathname.startsWith(OFFLINE_MEDIA_PREFIX) && request.method === 'GET',
    async ({ request, url }) => {
      const ref = parseFilePath(url.pathname);
      const copy = ref ? await findCopy(await deviceUser(), ref, url.pathname) : undefined;
      return copy ? respondFromCopy(request, copy) : notDownloaded();
    },
    'GET',
  );

  // The tokenized file URL of a downloaded file: the copy, if it belongs to the token's user
  // (another account on this device goes to the network and PocketBase's rules).
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      url.pathname.startsWith('/api/files/') &&
      url.searchParams.has('token') &&
      request.method === 'GET',
    async ({ request, url }) => {
      const ref = parseFilePath(url.pathname);
      const key = `${OFFLINE_MEDIA_PREFIX}${url.pathname.slice('/api/files/'.length)}`;
      const copy = ref ? await findCopy(tokenUserId(url.searchParams.get('token')), ref, key) : undefined;
      return copy ? respondFromCopy(request, copy) : fetch(request);
    },
    'GET',
  );
}
