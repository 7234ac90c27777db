// Adds fault runs up into the bench's table.
import { FAULT_KINDS } from './network';
import type { RunResult } from './run';

export interface Summary {
  runs: number;
  faults: Record<string, number>;
  writes: number;
  lost: number;
  duplicated: number;
  notConverged: number;
  chipMismatch: number;
  p95ConvergeMs: number | null;
  failedSeeds: number[];
}

export function summarize(results: readonly RunResult[]): Summary {
  const faults: Record<string, number> = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0]));
  for (const r of results) for (const [k, n] of Object.entries(r.faults)) faults[k] = (faults[k] ?? 0) + (n ?? 0);
  const times = results
    .map((r) => r.convergeMs)
    .filter((t): t is number => t !== null)
    .sort((a, b) => a - b);
  const p95 = times.length ? (times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? null) : null;
  const sum = (f: (r: RunResult) => number) => results.reduce((n, r) => n + f(r), 0);
  return {
    runs: results.length,
    faults,
    writes: sum((r) => r.writes),
    lost: sum((r) => r.lost),
    duplicated: sum((r) => r.duplicated),
    notConverged: sum((r) => r.notConverged),
    chipMismatch: sum((r) => r.chipMismatch),
    p95ConvergeMs: p95,
    failedSeeds: results.filter((r) => r.problems.length).map((r) => r.seed),
  };
}
