// The drop bench's reading of Go's collector trace (tests/bench/gc-trace.mjs): which cycles ran
// during a crowd, from lines as PocketBase 0.39 (Go 1.26) prints them with GODEBUG=gctrace=1.
import { describe, expect, it } from 'vitest';
import { collectorCycles, cyclesDuring, describeCycles } from '../bench/gc-trace.mjs';

const OUTPUT = [
  '2026/11/28 14:15:33 Server started at http://127.0.0.1:40001',
  'gc 11 @1.567s 10%: 0.082+362+0.097 ms clock, 0.16+0.36/191/263+0.19 ms cpu, 428->487->432 MB, 502 MB goal, 0 MB stacks, 0 MB globals, 2 P',
  'gc 12 @7.571s 6%: 0.16+1289+0.004 ms clock, 0.32+6.7/649/276+0.008 ms cpu, 737->842->701 MB, 866 MB goal, 6 MB stacks, 0 MB globals, 2 P',
  'gc 13 @9.100s 6%: 0.1+10+0.1 ms clock, 0.2+1/2/3+0.2 ms cpu, 701->702->650 MB, 1300 MB goal, 0 MB stacks, 0 MB globals, 2 P (forced)',
  '{"level":"INFO","message":"gc 14 @9.5s is not a trace line"}',
].join('\n');

describe('collectorCycles', () => {
  it('places each cycle in time from the process start and adds up its CPU', () => {
    const cycles = collectorCycles(OUTPUT, 1_000_000);
    expect(cycles.map((c) => c.n)).toEqual([11, 12, 13]);
    expect(cycles[1].start).toBe(1_007_571);
    expect(cycles[1].end).toBeCloseTo(1_007_571 + 0.16 + 1289 + 0.004, 6);
    expect(cycles[1].cpuMs).toBeCloseTo(0.32 + 6.7 + 649 + 276 + 0.008, 6);
    expect(cycles[1].liveMb).toBe(701);
  });
});

describe('cyclesDuring', () => {
  const cycles = collectorCycles(OUTPUT, 0);
  it('counts a cycle that began before the crowd and was still marking in it', () => {
    expect(cyclesDuring(cycles, 8000, 8500).map((c) => c.n)).toEqual([12]);
  });
  it('leaves out cycles that ended before the crowd or began after it', () => {
    expect(cyclesDuring(cycles, 2000, 7000)).toEqual([]);
    expect(cyclesDuring(cycles, 9050, 9099)).toEqual([]);
  });
});

describe('describeCycles', () => {
  it('says 0 for none, and how many with their mark time and CPU otherwise', () => {
    const cycles = collectorCycles(OUTPUT, 0);
    expect(describeCycles([])).toBe('0');
    expect(describeCycles(cycles.slice(1, 2))).toBe('1 (1289 ms, 0.93 s CPU)');
  });
});
