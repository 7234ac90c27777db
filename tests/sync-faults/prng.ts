// A seeded pseudo-random generator (mulberry32): every choice of a fault run comes from its
// seed, so a failing seed replays the same faults in the same order.
export interface Rand {
  (): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function prng(seed: number): Rand {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = (() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Rand;
  next.int = (n) => Math.floor(next() * n);
  next.pick = (items) => items[next.int(items.length)] as (typeof items)[number];
  next.chance = (p) => next() < p;
  return next;
}
