export interface CollectorCycle {
  n: number;
  start: number;
  end: number;
  cpuMs: number;
  liveMb: number;
}
export function collectorCycles(output: string, startedAt: number): CollectorCycle[];
export function cyclesDuring(cycles: CollectorCycle[], from: number, to: number): CollectorCycle[];
export function describeCycles(cycles: CollectorCycle[]): string;
