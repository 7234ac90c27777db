// The live-count bench's judge: is a cost (the buyers' p95 with pages open) within a budget of
// a base (the same drop with no pages)? Single drops on this 2-core machine vary 2–4× from one
// to the next, so one round's ratio, or a ratio of medians, can flip on noise. The rounds come
// in sets (each mode once, the order alternating), the change is taken within each set, and
// the verdict is given only when a distribution-free confidence interval of the median change
// (the sign test's order statistics) lies wholly inside or wholly outside the budget.

export const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
function binomialCdf(n, k) {
  let term = 1;
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}

/**
 * The widest-k order statistics [x(k), x(n−k+1)] that hold the median with at least `level`
 * confidence (any distribution; the sign test). Null when there are too few values for that
 * level (fewer than 5 for 90 %).
 */
export function medianInterval(values, level = 0.9) {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  let found = null;
  for (let k = 1; k <= n >> 1; k++) {
    const coverage = 1 - 2 * binomialCdf(n, k - 1);
    if (coverage < level) break;
    found = { low: s[k - 1], high: s[n - k], level: coverage };
  }
  return found;
}

/**
 * sets: [{base, cost}] measured side by side (e.g. p95 ms without and with pages).
 * Returns the changes (cost/base − 1) per set, their median, its interval, and the verdict:
 * 'within' when the whole interval is at most `budget`, 'over' when it is all above it,
 * 'inconclusive' otherwise (the rounds spread wider than the budget can tell apart).
 */
export function judgeBudget(sets, budget, level = 0.9) {
  const changes = sets.map(({ base, cost }) => cost / base - 1);
  const interval = medianInterval(changes, level);
  const verdict = !interval
    ? 'inconclusive'
    : interval.high <= budget
      ? 'within'
      : interval.low > budget
        ? 'over'
        : 'inconclusive';
  return { changes, median: median(changes), interval, verdict };
}
