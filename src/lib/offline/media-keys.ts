// Pure helpers shared by the page (the course downloads) and the service worker
// (src/sw/offline-media.ts): where an offline copy lives in Cache Storage, and how a Range
// header maps onto it. No DOM, no worker globals.

/**
 * Each account's files (downloaded videos, the compendium, any file saved for offline use)
 * live in a Cache Storage cache of its own, named by this prefix and the user id: signing
 * out deletes exactly that cache, and the service worker serves a copy only from the cache of
 * the account asking.
 */
const USER_CACHE_PREFIX = 'atelier-user-';

export const userCacheName = (userId: string) => `${USER_CACHE_PREFIX}${encodeURIComponent(userId)}`;

export const isUserCache = (name: string) => name.startsWith(USER_CACHE_PREFIX);

/**
 * The one cache of downloads that releases before per-account caches shared between
 * accounts (each copy naming its owner in OWNER_HEADER). Read, never written: a copy there is
 * served to its owner, and removed with the owner's data.
 */
export const LEGACY_DOWNLOADS_CACHE = 'atelier-learner-downloads';

/** Path prefix of offline copies. Not a server route: only the service worker answers it. */
export const OFFLINE_MEDIA_PREFIX = '/offline-media/';

/** Response header naming the user a cached copy belongs to (checked in the legacy shared cache). */
export const OWNER_HEADER = 'X-Atelier-Owner';

/**
 * Where the page tells the service worker which account is signed in on this device (live or
 * expired): the worker serves a download only to its owner. Not a learner cache, so it is
 * kept (and rewritten) across sign-outs.
 */
export const DEVICE_USER_CACHE = 'atelier-session';
export const DEVICE_USER_KEY = '/__atelier/session';

export interface FileRef {
  /** Collection id or name, as the URL had it. */
  collection: string;
  recordId: string;
  filename: string;
}

const enc = encodeURIComponent;

/**
 * The cache key of a record file: `/offline-media/{collection}/{recordId}/{filename}`. Not
 * tied to the file token (tokens expire; the copy must not), nor to the query string.
 */
export function offlineMediaKey(ref: FileRef): string {
  return `${OFFLINE_MEDIA_PREFIX}${enc(ref.collection)}/${enc(ref.recordId)}/${enc(ref.filename)}`;
}

const FILE_PATH = /^\/(?:api\/files|offline-media)\/([^/]+)\/([^/]+)\/([^/]+)$/;

/** The file an `/api/files/...` or `/offline-media/...` path names, or null. */
export function parseFilePath(pathname: string): FileRef | null {
  const m = FILE_PATH.exec(pathname);
  if (!m) return null;
  try {
    return {
      collection: decodeURIComponent(m[1]!),
      recordId: decodeURIComponent(m[2]!),
      filename: decodeURIComponent(m[3]!),
    };
  } catch {
    return null;
  }
}

/** True when two refs name the same stored file (the collection may be spelled as id or name). */
export function sameFile(a: FileRef, b: FileRef): boolean {
  return a.recordId === b.recordId && a.filename === b.filename;
}

export interface ByteRange {
  /** inclusive */
  start: number;
  /** inclusive */
  end: number;
}

/**
 * RFC 9110 single byte range against a body of `size` bytes. null: no usable Range header
 * (serve the whole body, 200); 'unsatisfiable': answer 416. An end past the body is clamped
 * (players ask for "bytes=0-" or far-too-large ends); several ranges are served whole.
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (end < start) return null;
  return { start, end };
}

/** The user id inside a PocketBase token (JWT payload `id`), without verifying it. */
export function tokenUserId(token: string | null | undefined): string | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const id = (JSON.parse(json) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
