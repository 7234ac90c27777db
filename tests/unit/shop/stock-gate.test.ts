import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../../support/hook-module';

// The gate as the hooks require it, with a Map standing in for PocketBase's app store
// (setFunc runs the transition under the store's lock).
interface Entry {
  left: number;
  pending: number;
  until: number;
  epoch: number;
  title: string;
  active: boolean;
}
interface Snapshot {
  left: number;
  until: number;
  title: string;
  active: boolean;
}
type Claim =
  | { result: 'ok' }
  | { result: 'short'; left: number; title: string }
  | { result: 'stale'; epoch: number }
  | { result: 'inactive' };
interface Store {
  get(k: string): string | undefined;
  setFunc(k: string, fn: (old: string | undefined) => string): void;
}
const gate = loadHookModule<{
  MAX_AGE_MS: number;
  validUntil(now: number, next: number): number;
  claim(s: Store, id: string, q: number, now: number): Claim;
  claimCart(
    s: Store,
    wanted: { printId: string; quantity: number }[],
    now: () => number,
    reload: ((id: string) => Snapshot | null) | null,
  ): { claims: { printId: string; quantity: number }[] } | Exclude<Claim, { result: 'ok' }>;
  giveBack(s: Store, id: string, q: number): void;
  settle(s: Store, id: string, q: number, snap: Snapshot): void;
  load(s: Store, id: string, snap: Snapshot, epoch: number): boolean;
  invalidate(s: Store, id: string): void;
  peek(s: Store, id: string): Entry | null;
}>('lib/shop/stock-gate.js');

function memoryStore(): Store {
  const m = new Map<string, string>();
  return { get: (k) => m.get(k), setFunc: (k, fn) => void m.set(k, fn(m.get(k))) };
}

const snap = (left: number, until = 10_000): Snapshot => ({ left, until, title: 'Print', active: true });

describe('stock gate transitions', () => {
  it('an unknown print is stale until loaded; then claims count down and stop at zero', () => {
    const s = memoryStore();
    const first = gate.claim(s, 'p', 1, 0);
    expect(first).toMatchObject({ result: 'stale', epoch: 0 });
    expect(gate.load(s, 'p', snap(2), 0)).toBe(true);
    expect(gate.claim(s, 'p', 1, 0)).toMatchObject({ result: 'ok' });
    expect(gate.claim(s, 'p', 2, 0)).toMatchObject({ result: 'short', left: 1, title: 'Print' });
    expect(gate.claim(s, 'p', 1, 0)).toMatchObject({ result: 'ok' });
    expect(gate.claim(s, 'p', 1, 0)).toMatchObject({ result: 'short', left: 0 });
    expect(gate.peek(s, 'p')).toMatchObject({ left: 0, pending: 2 });
  });

  it('an entry comes back from the store as it was stored, whatever its title holds; an unreadable one is stale', () => {
    const s = memoryStore();
    const title = 'Act | Two: "the | curtain" | ';
    gate.load(s, 'p', { left: 3, until: 12_345, title, active: false }, 0);
    expect(gate.peek(s, 'p')).toEqual({ left: 3, pending: 0, until: 12_345, epoch: 0, title, active: false });
    gate.load(s, 'q', { left: 1, until: 9_000, title: '', active: true }, 0);
    gate.claim(s, 'q', 1, 0);
    expect(gate.peek(s, 'q')).toEqual({ left: 0, pending: 1, until: 9_000, epoch: 0, title: '', active: true });
    for (const raw of ['{"left":3}', '3|0|x|0|1|T', '3|0|10']) {
      const broken: Store = { get: () => raw, setFunc: () => {} };
      expect(gate.peek(broken, 'p'), raw).toBeNull();
      expect(gate.claim(broken, 'p', 1, 0), raw).toMatchObject({ result: 'stale', epoch: 0 });
    }
  });

  it('settling from inside the writer sets left to the database remaining minus the other pending claims', () => {
    const s = memoryStore();
    gate.load(s, 'p', snap(5), 0);
    gate.claim(s, 'p', 1, 0);
    gate.claim(s, 'p', 2, 0);
    // the first buyer's transaction made its hold: 4 remain in the database, 2 still pending
    gate.settle(s, 'p', 1, snap(4));
    expect(gate.peek(s, 'p')).toMatchObject({ left: 2, pending: 2 });
    // the second found less than the gate thought (an edit the hooks had not told it)
    gate.settle(s, 'p', 2, snap(1));
    expect(gate.peek(s, 'p')).toMatchObject({ left: 1, pending: 0 });
  });

  it('a reload read before a settle or an invalidation is dropped', () => {
    const s = memoryStore();
    gate.load(s, 'p', snap(3), 0);
    gate.invalidate(s, 'p');
    const stale = gate.claim(s, 'p', 1, 0) as { result: 'stale'; epoch: number };
    expect(stale.result).toBe('stale');
    gate.invalidate(s, 'p');
    expect(gate.load(s, 'p', snap(0), stale.epoch)).toBe(false);
    expect(gate.claim(s, 'p', 1, 0).result).toBe('stale');
  });

  it('an entry expires at the first hold expiry, and at the latest after MAX_AGE_MS', () => {
    expect(gate.validUntil(1000, 0)).toBe(1000 + gate.MAX_AGE_MS);
    expect(gate.validUntil(1000, 5000)).toBe(5000);
    expect(gate.validUntil(1000, 500)).toBe(1000 + gate.MAX_AGE_MS);
    const s = memoryStore();
    gate.load(s, 'p', snap(0, 2000), 0);
    expect(gate.claim(s, 'p', 1, 1999).result).toBe('short');
    expect(gate.claim(s, 'p', 1, 2000).result).toBe('stale');
  });

  it('a buyer who stops before the write transaction gives the tickets back', () => {
    const s = memoryStore();
    gate.load(s, 'p', snap(1), 0);
    expect(gate.claim(s, 'p', 1, 0).result).toBe('ok');
    expect(gate.claim(s, 'p', 1, 0).result).toBe('short');
    gate.giveBack(s, 'p', 1);
    expect(gate.peek(s, 'p')).toMatchObject({ left: 1, pending: 0 });
    expect(gate.claim(s, 'p', 1, 0).result).toBe('ok');
  });

  it('a change that lands between the read and the lock is not lost: the transition is worked out again under the lock', () => {
    // The gate works a transition out from what it read and takes the lock only to store it;
    // this store lets another buyer take the last ticket just before each lock.
    const m = new Map<string, string>();
    let interleave: (() => void) | null = null;
    const s: Store = {
      get: (k) => m.get(k),
      setFunc: (k, fn) => {
        const other = interleave;
        interleave = null;
        other?.();
        m.set(k, fn(m.get(k)));
      },
    };
    // the other buyer, on the same data without the interleaving
    const other: Store = { get: (k) => m.get(k), setFunc: (k, fn) => void m.set(k, fn(m.get(k))) };
    gate.load(s, 'p', snap(1), 0);
    interleave = () => gate.claim(other, 'p', 1, 0);
    expect(gate.claim(s, 'p', 1, 0)).toMatchObject({ result: 'short', left: 0 });
    expect(gate.peek(s, 'p')).toMatchObject({ left: 0, pending: 1 });
    // and a give-back racing a settle: both count
    interleave = () => gate.giveBack(other, 'p', 1);
    gate.settle(s, 'p', 0, snap(1));
    expect(gate.peek(s, 'p')).toMatchObject({ left: 1, pending: 0 });
  });

  it('an inactive print is never claimable', () => {
    const s = memoryStore();
    gate.load(s, 'p', { ...snap(5), active: false }, 0);
    expect(gate.claim(s, 'p', 1, 0).result).toBe('inactive');
  });

  it('a cart takes every line or none: a short line gives back the lines taken before it', () => {
    const s = memoryStore();
    gate.load(s, 'a', snap(3), 0);
    gate.load(s, 'b', snap(1), 0);
    const cart = [
      { printId: 'a', quantity: 2 },
      { printId: 'b', quantity: 2 },
    ];
    expect(gate.claimCart(s, cart, () => 0, null)).toMatchObject({ result: 'short', left: 1, title: 'Print' });
    expect(gate.peek(s, 'a')).toMatchObject({ left: 3, pending: 0 });
    expect(gate.claimCart(s, [cart[0], { printId: 'b', quantity: 1 }], () => 0, null)).toEqual({
      claims: [
        { printId: 'a', quantity: 2 },
        { printId: 'b', quantity: 1 },
      ],
    });
    expect(gate.peek(s, 'a')).toMatchObject({ left: 1, pending: 2 });
    expect(gate.peek(s, 'b')).toMatchObject({ left: 0, pending: 1 });
  });

  it('a cart meets a stale entry: without a reload it stops there; with one it loads the snapshot, or says inactive when the print is gone', () => {
    const s = memoryStore();
    gate.load(s, 'a', snap(2), 0);
    const cart = [
      { printId: 'a', quantity: 1 },
      { printId: 'b', quantity: 1 },
    ];
    expect(gate.claimCart(s, cart, () => 0, null)).toMatchObject({ result: 'stale' });
    expect(gate.peek(s, 'a')).toMatchObject({ left: 2, pending: 0 });
    const reloads: string[] = [];
    const found = gate.claimCart(
      s,
      cart,
      () => 0,
      (id) => {
        reloads.push(id);
        return snap(4);
      },
    );
    expect(found).toEqual({ claims: cart });
    expect(reloads).toEqual(['b']);
    expect(gate.peek(s, 'b')).toMatchObject({ left: 3, pending: 1 });
    gate.invalidate(s, 'a');
    expect(
      gate.claimCart(
        s,
        cart,
        () => 0,
        () => null,
      ),
    ).toEqual({ result: 'inactive' });
    expect(gate.peek(s, 'b')).toMatchObject({ left: 3, pending: 1 });
  });

  it('a cart whose reloads keep losing to concurrent changes stops after a few attempts as stale', () => {
    const s = memoryStore();
    gate.load(s, 'p', snap(5), 0);
    gate.invalidate(s, 'p');
    let reloads = 0;
    const r = gate.claimCart(
      s,
      [{ printId: 'p', quantity: 1 }],
      () => 0,
      () => {
        reloads += 1;
        gate.invalidate(s, 'p'); // a change lands between every read and its load
        return snap(5);
      },
    );
    expect(r).toMatchObject({ result: 'stale' });
    expect(reloads).toBe(5);
  });
});

// A model of the shop around the gate: a database with one writer, buyers, releases, sales,
// rollbacks and clock expiry, run in random interleavings (seeded, so a failure replays).
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

interface Db {
  edition: number;
  sold: number;
  holds: { q: number; open: boolean }[];
}
const remaining = (db: Db) => db.edition - db.sold - db.holds.filter((h) => h.open).reduce((n, h) => n + h.q, 0);

function simulate(seed: number, opts: { buyers: number; edition: number; chaos: boolean }) {
  const rand = rng(seed);
  const s = memoryStore();
  const db: Db = { edition: opts.edition, sold: 0, holds: [] };
  let now = 0;
  let writer: object | null = null;
  // Steps inside which the gate may lag the database by design: a transaction between its
  // settle and its commit (or rollback), a release between its commit and its invalidation.
  let windows = 0;
  let pending = 0;
  let hiddenStock = 0;
  const outcomes: string[] = [];
  type Actor = Generator<'wait' | 'step', void, void>;

  function* buyer(q: number): Actor {
    for (let attempt = 0; ; attempt++) {
      const c = gate.claim(s, 'p', q, now);
      if (c.result === 'short') return void outcomes.push('short');
      if (c.result === 'ok') {
        pending += q;
        break;
      }
      if (c.result !== 'stale' || attempt > 20) throw new Error(`unexpected ${JSON.stringify(c)}`);
      const read = remaining(db); // a plain read of committed data
      yield 'step';
      gate.load(s, 'p', snap(read, now + 1000), c.epoch);
      yield 'step';
    }
    yield 'step';
    const me = {};
    while (writer) yield 'wait';
    writer = me;
    const left = remaining(db);
    const win = q <= left;
    yield 'step';
    const rollback = opts.chaos && rand() < 0.1;
    gate.settle(s, 'p', q, snap(win ? left - q : left, now + 1000));
    pending -= q;
    windows += 1;
    yield 'step';
    if (rollback) {
      writer = null;
      gate.invalidate(s, 'p');
      windows -= 1;
      return void outcomes.push('rolled back');
    }
    if (win) db.holds.push({ q, open: true });
    writer = null;
    windows -= 1;
    outcomes.push(win ? 'hold' : 'refused');
  }

  function* releaser(sell: boolean): Actor {
    yield 'step';
    const me = {};
    while (writer) yield 'wait';
    writer = me;
    const h = db.holds.find((x) => x.open);
    yield 'step';
    if (h) {
      h.open = false;
      if (sell) db.sold += h.q;
    }
    writer = null;
    windows += 1;
    yield 'step';
    gate.invalidate(s, 'p');
    windows -= 1;
  }

  const actors: Actor[] = [];
  for (let i = 0; i < opts.buyers; i++) actors.push(buyer(opts.chaos && rand() < 0.3 ? 2 : 1));
  if (opts.chaos) for (let i = 0; i < 12; i++) actors.push(releaser(rand() < 0.5));
  const live = actors.map((a) => ({ a, done: false }));
  for (let guard = 0; live.some((x) => !x.done); guard++) {
    if (guard > 1_000_000) throw new Error('no progress');
    const pick = live.filter((x) => !x.done)[Math.floor(rand() * live.filter((x) => !x.done).length)];
    if (pick.a.next().done) pick.done = true;
    if (opts.chaos && rand() < 0.01) now += 2000; // the clock passes an entry's expiry
    // Outside those windows a fresh entry never hides a copy nobody has claimed.
    const e = gate.peek(s, 'p');
    if (windows === 0 && e && e.until > now && e.left < remaining(db) - pending) hiddenStock += 1;
  }
  return { db, outcomes, entry: gate.peek(s, 'p'), store: s, now, hiddenStock };
}

describe('stock gate under random interleavings', () => {
  it('without releases, exactly min(buyers, edition) buyers get a hold: no oversell, no false "sold out"', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { db, outcomes, entry, hiddenStock } = simulate(seed, { buyers: 30, edition: 7, chaos: false });
      expect(hiddenStock, `seed ${seed}`).toBe(0);
      expect(
        outcomes.filter((o) => o === 'hold'),
        `seed ${seed}`,
      ).toHaveLength(7);
      expect(remaining(db), `seed ${seed}`).toBe(0);
      expect(entry, `seed ${seed}`).toMatchObject({ left: 0, pending: 0 });
    }
  });

  it('with releases, sales, rollbacks and expiry: never oversold, and once quiet the gate is exact or reloads', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const run = simulate(seed, { buyers: 25, edition: 6, chaos: true });
      expect(run.hiddenStock, `seed ${seed}`).toBe(0);
      expect(remaining(run.db), `seed ${seed}`).toBeGreaterThanOrEqual(0);
      expect(
        run.db.sold + run.db.holds.filter((h) => h.open).reduce((n, h) => n + h.q, 0),
        `seed ${seed}`,
      ).toBeLessThanOrEqual(6);
      const e = run.entry as Entry;
      expect(e.pending, `seed ${seed}`).toBe(0);
      if (e.until > run.now) expect(e.left, `seed ${seed}`).toBe(remaining(run.db));
      // and what is left can still be bought, one copy each
      const left = remaining(run.db);
      let got = 0;
      for (let i = 0; i < left + 2; i++) {
        let c = gate.claim(run.store, 'p', 1, run.now);
        if (c.result === 'stale') {
          gate.load(run.store, 'p', snap(remaining(run.db), run.now + 1000), c.epoch);
          c = gate.claim(run.store, 'p', 1, run.now);
        }
        if (c.result === 'ok') {
          got += 1;
          run.db.holds.push({ q: 1, open: true });
          gate.settle(run.store, 'p', 1, snap(remaining(run.db), run.now + 1000));
        }
      }
      expect(got, `seed ${seed}`).toBe(left);
    }
  });
});
