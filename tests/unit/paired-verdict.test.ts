// The live-count bench's judge (tests/bench/paired-verdict.mjs): a verdict on the buyers' +10 %
// budget only when the rounds can tell; noisy rounds say "inconclusive", never a yes or no.
import { describe, expect, it } from 'vitest';
import { judgeBudget, median, medianInterval } from '../bench/paired-verdict.mjs';

const sets = (pairs: [number, number][]) => pairs.map(([base, cost]) => ({ base, cost }));

describe('medianInterval', () => {
  it('needs five values for 90 % and then spans them all', () => {
    expect(medianInterval([1, 2, 3, 4])).toBeNull();
    expect(medianInterval([5, 1, 4, 2, 3])).toEqual({ low: 1, high: 5, level: 1 - 2 / 32 });
  });

  it('narrows to the inner order statistics as rounds are added', () => {
    const nine = [9, 1, 8, 2, 7, 3, 6, 4, 5];
    // [x(2), x(8)] covers the median with 1 − 2·P(Bin(9, ½) ≤ 1) = 96.1 %
    expect(medianInterval(nine)).toMatchObject({ low: 2, high: 8 });
    expect(medianInterval(nine)?.level).toBeCloseTo(0.961, 3);
  });
});

describe('judgeBudget', () => {
  it('says within when every plausible median change is under the budget', () => {
    const r = judgeBudget(
      sets([
        [1000, 1020],
        [800, 790],
        [1200, 1250],
        [900, 950],
        [1000, 1050],
      ]),
      0.1,
    );
    expect(r.verdict).toBe('within');
    expect(r.median).toBeCloseTo(0.04167, 4);
  });

  it('says over when every plausible median change exceeds the budget', () => {
    const r = judgeBudget(
      sets([
        [1000, 1300],
        [800, 1000],
        [1200, 1500],
        [900, 1200],
        [1000, 1400],
      ]),
      0.1,
    );
    expect(r.verdict).toBe('over');
  });

  it('says inconclusive when the rounds spread across the budget, whatever the median', () => {
    // the shape of the loaded machine's rounds: −70 %, +5 %, +177 %, +76 %, −61 %
    const r = judgeBudget(
      sets([
        [4464, 1321],
        [1172, 1235],
        [1733, 4794],
        [2402, 4239],
        [5690, 2220],
      ]),
      0.1,
    );
    expect(r.median).toBeCloseTo(0.0538, 3);
    expect(r.verdict).toBe('inconclusive');
  });

  it('says inconclusive with too few sets to bound the median', () => {
    expect(
      judgeBudget(
        sets([
          [1000, 1000],
          [1000, 1000],
        ]),
        0.1,
      ).verdict,
    ).toBe('inconclusive');
  });

  it('takes the middle of an even list as its median', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
