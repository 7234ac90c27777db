// What a stored session allows, for the app's session (session.ts) and for any other client
// of the same rules (the sync fault harness drives several devices at once). Token times are
// judged by the server-aligned clock: a phone whose clock runs behind must not send with a
// token the server already considers expired, nor one running ahead stop early.
import type PocketBase from 'pocketbase';

/** The token's expiry (JWT `exp`) in epoch ms, or null. */
export function tokenExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

type AuthStoreLike = Pick<PocketBase['authStore'], 'token' | 'record' | 'save' | 'clear'>;

/** The stored account's id (live or expired), or null. */
export function storedUserId(store: AuthStoreLike): string | null {
  const id = (store.record as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : null;
}

/** True while the token is unexpired by the server's clock. */
export function isLive(store: AuthStoreLike, serverNow: number): boolean {
  if (!store.token || !storedUserId(store)) return false;
  const exp = tokenExpiry(store.token);
  return exp !== null && exp > serverNow;
}

/** The server refused the token: keep the account (its data and queue stay), drop the token. */
function expire(store: AuthStoreLike): void {
  if (store.record) store.save('', store.record);
  else store.clear();
}

/**
 * What a session check learned: the server renewed the token ('live'), the session has ended
 * ('ended': expired, refused, or none stored), or nothing ('unknown': no answer, 5xx, 429, an
 * answer it could not read), when the device's own view of the token is all there is.
 */
export type SessionCheck = 'live' | 'ended' | 'unknown';

/**
 * Renews a live session (a new token, valid for the full lifetime again). A token that has
 * expired, or that the server refuses (401/403/404: revoked, user deleted), ends the session
 * but keeps the account on the device; no answer (offline, 429, 5xx) changes nothing.
 * `clockKnown` false: the device could not yet measure its clock, so a token that looks
 * expired by it (a phone running a day ahead) is asked about, never dropped unasked.
 */
export async function refreshStored(
  client: Pick<PocketBase, 'authStore' | 'send'>,
  serverNow: number,
  clockKnown = true,
): Promise<SessionCheck> {
  const store = client.authStore;
  if (!store.token) return 'ended';
  if (clockKnown && !isLive(store, serverNow)) {
    expire(store);
    return 'ended';
  }
  try {
    // Not the SDK's authRefresh(): it reads a 200 whose body it could not read (the tab
    // navigating away mid-response) as {} and stores that, an empty session, so the next page
    // found the learner signed out. Only a whole answer replaces the stored session.
    const res = await client.send<{ token?: unknown; record?: { id?: unknown } }>(
      '/api/collections/users/auth-refresh',
      { method: 'POST' },
    );
    if (typeof res?.token === 'string' && res.token && typeof res.record?.id === 'string' && res.record.id) {
      store.save(res.token, res.record as never);
      return 'live';
    }
    return 'unknown';
  } catch (err) {
    const status = (err as { status?: number })?.status ?? 0;
    if (status === 401 || status === 403 || status === 404) {
      expire(store);
      return 'ended';
    }
    return 'unknown';
  }
}
