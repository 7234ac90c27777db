export function median(list: number[]): number;
export function medianInterval(values: number[], level?: number): { low: number; high: number; level: number } | null;
export function judgeBudget(
  sets: { base: number; cost: number }[],
  budget: number,
  level?: number,
): {
  changes: number[];
  median: number;
  interval: { low: number; high: number; level: number } | null;
  verdict: 'within' | 'over' | 'inconclusive';
};
