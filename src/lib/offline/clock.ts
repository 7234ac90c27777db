// The device's clock and its offset from the server's. Progress is stamped with the device's
// own clock (`deviceNow`) and each batch carries its reading when sent, so the server
// corrects every time whether or not this offset was ever measured (docs/sync.md, Clocks).
// The offset aligns what the device shows with the server's records (`now`) and judges a
// session's expiry; it is measured when online (half the round trip is the error) and kept
// on the device, so it still applies after a week offline.

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
    /** The device's own clock, uncorrected (what progress is stamped with and batches carry). */
    deviceNow: () => deps.now(),
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

/** A new device id: 15 random characters a-z0-9 (the form of a record id). */
export function randomDeviceId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
