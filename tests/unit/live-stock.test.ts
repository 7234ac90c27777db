// The live count's merge rule (src/lib/stock/live-stock.ts newerCounts): realtime messages may
// arrive out of order, and a full read may answer after a newer message; the version decides.
import { describe, expect, it } from 'vitest';
import { copiesLeft, newerCounts } from '@/lib/stock/live-stock';

describe('newerCounts', () => {
  it('takes a newer count and ignores an older or equal one that arrives late', () => {
    let live = newerCounts(undefined, [{ id: 'p', available: 3, version: 7 }]);
    live = newerCounts(live, [{ id: 'p', available: 1, version: 9 }]);
    // the change between them (version 8, two left) comes last: the page keeps showing one
    live = newerCounts(live, [{ id: 'p', available: 2, version: 8 }]);
    live = newerCounts(live, [{ id: 'p', available: 5, version: 9 }]);
    expect(live.p).toEqual({ available: 1, version: 9 });
    expect(copiesLeft(live, { id: 'p', available: 4 })).toBe(1);
  });

  it('a count that goes up again (a copy released) is taken when it is newer', () => {
    const live = newerCounts({ p: { available: 0, version: 4 } }, [{ id: 'p', available: 1, version: 5 }]);
    expect(live.p.available).toBe(1);
  });

  it('a full read merges per print: older rows do not undo newer messages, new prints are added', () => {
    const live = { a: { available: 0, version: 10 }, b: { available: 2, version: 3 } };
    const read = [
      { id: 'a', available: 1, version: 9 },
      { id: 'b', available: 1, version: 4 },
      { id: 'c', available: 5, version: 0 },
    ];
    expect(newerCounts(live, read)).toEqual({
      a: { available: 0, version: 10 },
      b: { available: 1, version: 4 },
      c: { available: 5, version: 0 },
    });
  });

  it('returns the same object when nothing is newer (no re-render)', () => {
    const live = { a: { available: 0, version: 10 } };
    expect(newerCounts(live, [{ id: 'a', available: 3, version: 2 }])).toBe(live);
  });

  it('without a live count, the page shows what it was loaded with', () => {
    expect(copiesLeft(undefined, { id: 'p', available: 4 })).toBe(4);
    expect(copiesLeft({}, { id: 'p', available: 4 })).toBe(4);
  });
});
