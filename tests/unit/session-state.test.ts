// What a stored session allows (src/lib/pocketbase/session-state.ts), with the clock it is
// judged by (src/lib/offline/clock.ts).
import { describe, expect, it } from 'vitest';
import { createDeviceClock } from '@/lib/offline/clock';
import { isLive, refreshStored } from '@/lib/pocketbase/session-state';
import { storedSessionClient } from '../support/stored-session';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 12);

/** A client whose auth-refresh answers what `serverAnswer` gives (by default a new token). */
const client = (serverAnswer: () => Promise<unknown>, exp = NOW + HOUR) =>
  storedSessionClient(serverAnswer, exp, NOW + 30 * 24 * HOUR);

describe('refreshStored', () => {
  it('renews a live token', async () => {
    const c = client(async () => undefined);
    await refreshStored(c as never, NOW);
    expect(c.authRefresh).toHaveBeenCalledOnce();
    expect(isLive(c.authStore as never, NOW + 29 * 24 * HOUR)).toBe(true);
  });

  it('ends a token expired by a measured clock without asking, and keeps the account', async () => {
    const c = client(async () => undefined);
    await refreshStored(c as never, NOW + 2 * HOUR, true);
    expect(c.authRefresh).not.toHaveBeenCalled();
    expect(c.authStore.token).toBe('');
    expect(c.authStore.record).toEqual({ id: 'learner00000001' });
  });

  it('a clock running a day ahead that was never measured asks the server, which keeps the token', async () => {
    const c = client(async () => undefined);
    await refreshStored(c as never, NOW + 24 * HOUR, false);
    expect(c.authRefresh).toHaveBeenCalledOnce();
    expect(isLive(c.authStore as never, NOW + 24 * HOUR)).toBe(true);
  });

  it('an answer it cannot read keeps the session: a page left mid-response must not sign the learner out', async () => {
    // the SDK gives {} for a 200 whose body it could not read (the tab navigating away)
    for (const answer of [{}, { token: '' }, { token: 'x.y.z', record: {} }, { record: { id: 'learner00000001' } }]) {
      const c = client(async () => answer);
      const before = c.authStore.token;
      await refreshStored(c as never, NOW);
      expect(c.authRefresh).toHaveBeenCalledOnce();
      expect(c.authStore.token).toBe(before);
      expect(c.authStore.record).toEqual({ id: 'learner00000001' });
    }
  });

  it('with an unmeasured clock, a token the server refuses ends; no answer changes nothing', async () => {
    const refused = client(async () => Promise.reject({ status: 401 }));
    await refreshStored(refused as never, NOW + 24 * HOUR, false);
    expect(refused.authStore.token).toBe('');
    expect(refused.authStore.record).toEqual({ id: 'learner00000001' });

    const offline = client(async () => Promise.reject({ status: 0 }));
    const before = offline.authStore.token;
    await refreshStored(offline as never, NOW + 24 * HOUR, false);
    expect(offline.authStore.token).toBe(before);
  });
});

describe('device clock', () => {
  const deps = (saved: number | undefined, server: () => Promise<number>) => ({
    now: () => NOW,
    serverTime: server,
    load: async () => saved,
    save: async () => undefined,
  });

  it('is not known until measured, then runs on the server time', async () => {
    const clock = createDeviceClock(deps(undefined, async () => NOW - HOUR));
    await clock.ready();
    expect(clock.known()).toBe(false);
    expect(clock.now()).toBe(NOW);
    await clock.sync(true);
    expect(clock.known()).toBe(true);
    expect(clock.now()).toBe(NOW - HOUR);
  });

  it('an offset saved by an earlier visit counts as known; a failed measurement does not make it so', async () => {
    const saved = createDeviceClock(deps(-HOUR, async () => Promise.reject(new Error('offline'))));
    await saved.ready();
    expect(saved.known()).toBe(true);
    expect(saved.now()).toBe(NOW - HOUR);

    const never = createDeviceClock(deps(undefined, async () => Promise.reject(new Error('offline'))));
    await never.sync(true);
    expect(never.known()).toBe(false);
  });
});
