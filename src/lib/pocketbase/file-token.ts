/** Refresh this long before a file token expires (and never more often than MIN). */
const MARGIN_MS = 30_000;
const MIN_REFRESH_MS = 20_000;

/** Milliseconds until a fresh file token is due, from the token's own expiry (JWT `exp`). */
export function refreshDelay(token: string, now = Date.now()): number {
  try {
    const part = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (typeof json.exp === 'number') return Math.max(MIN_REFRESH_MS, json.exp * 1000 - now - MARGIN_MS);
  } catch {}
  // Unknown lifetime: assume PocketBase's default of 180 s.
  return 150_000;
}
