// The device's clock corrected by the server's: progress is merged by time across devices,
// and a phone whose clock runs a day ahead would otherwise win every conflict. The offset is
// measured when online (half the round trip is the error) and kept on the device, so it
// still applies after a week offline. The server also clamps times ahead of its own clock.

export interface ClockDeps {
  /** The device clock (Date.now). */
  now(): number;
  /** The server's clock in epoch ms. */
  serverTime(): Promise<number>;
  load(): Promise<number | undefined>;
  save(offset: number): Promise<void>;
}

const RESYNC_MS = 10 * 60_000;

export function createDeviceClock(deps: ClockDeps) {
  let offset = 0;
  let syncedAt = Number.NEGATIVE_INFINITY;
  // measured now or on an earlier visit: until then `now` is the device's own clock
  let known = false;
  let loaded: Promise<void> | undefined;
  let syncing: Promise<void> | undefined;

  const load = () => {
    loaded ??= deps
      .load()
      .then((saved) => {
        if (typeof saved === 'number' && Number.isFinite(saved) && syncedAt < 0) {
          offset = saved;
          known = true;
        }
      })
      .catch(() => undefined);
    return loaded;
  };

  return {
    /** Server-aligned epoch ms (the device clock until an offset is known). */
    now: () => deps.now() + offset,
    /** Loads the saved offset (call before the first write of a page). */
    ready: load,
    /** Measures the offset again, at most every 10 minutes unless forced. Never throws. */
    sync(force = false): Promise<void> {
      if (!force && deps.now() - syncedAt < RESYNC_MS) return Promise.resolve();
      syncing ??= (async () => {
        try {
          await load();
          const sent = deps.now();
          const server = await deps.serverTime();
          const received = deps.now();
          offset = Math.round(server - (sent + received) / 2);
          syncedAt = received;
          known = true;
          await deps.save(offset);
        } catch {
          // offline: the saved offset stands
        } finally {
          syncing = undefined;
        }
      })();
      return syncing;
    },
    offset: () => offset,
    /** True once the offset was measured (now or saved by an earlier visit). */
    known: () => known,
  };
}
