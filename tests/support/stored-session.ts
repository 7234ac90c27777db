// A PocketBase client double holding a stored learner session, for the session checks
// (src/lib/pocketbase/session-state.ts) and what the sync makes of them.
import { expect, vi } from 'vitest';

const HOUR = 3_600_000;

/** A JWT-shaped token (only `exp` is read on the device). */
export const jwtLike = (expMs: number) =>
  `x.${btoa(JSON.stringify({ exp: Math.floor(expMs / 1000) })).replace(/=+$/, '')}.y`;

/**
 * A client whose stored token expires at `exp` and whose auth-refresh answers what
 * `serverAnswer` gives (when it gives nothing: a token renewed until `renewedExp`).
 */
export function storedSessionClient(
  serverAnswer: () => Promise<unknown>,
  exp: number,
  renewedExp = exp + 29 * 24 * HOUR,
) {
  const record = { id: 'learner00000001' };
  const authStore = {
    token: jwtLike(exp),
    record: record as unknown,
    save(t: string, r: unknown) {
      authStore.token = t;
      authStore.record = r;
    },
    clear() {
      authStore.token = '';
      authStore.record = null;
    },
  };
  const send = vi.fn(async (path: string, opts: { method: string }) => {
    expect([path, opts.method]).toEqual(['/api/collections/users/auth-refresh', 'POST']);
    return (await serverAnswer()) ?? { token: jwtLike(renewedExp), record };
  });
  // the SDK's own authRefresh stores whatever the answer holds (RecordService.authResponse)
  const sdkAuthRefresh = async () => {
    const res = (await send('/api/collections/users/auth-refresh', { method: 'POST' })) as {
      token?: string;
      record?: unknown;
    };
    authStore.save(res?.token as string, res?.record || {});
  };
  return { authStore, send, collection: () => ({ authRefresh: sdkAuthRefresh }), authRefresh: send };
}
