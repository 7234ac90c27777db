// Go's collector cycles from a PocketBase started with GODEBUG=gctrace=1, placed in time. The drop
// bench runs its server so: a cycle that marks the hook VMs' heap (~0.6 GB for 2,500 VMs) during a
// crowd costs about a second of CPU on two cores, and whether one lands in a drop decides whether
// the drop keeps up (docs/performance.md). Go prints, per cycle:
//   gc 12 @7.571s 6%: 0.16+1289+0.004 ms clock, 0.32+6.7/649/276+0.008 ms cpu, 737->842->701 MB, 866 MB goal, …
// `@` is seconds since the process started; clock is sweep termination + concurrent mark + mark
// termination (wall); cpu is the same phases, the mark split into assist/background/idle.

const LINE =
  /^gc (\d+) @([\d.]+)s \d+%: ([\d.]+)\+([\d.]+)\+([\d.]+) ms clock, ([\d.]+)\+([\d.]+)\/([\d.]+)\/([\d.]+)\+([\d.]+) ms cpu, (\d+)->(\d+)->(\d+) MB/;

/**
 * Every cycle in `output`, with its start and end as epoch ms (`startedAt`: when the process
 * was spawned, epoch ms), its CPU ms and the heap it left (MB).
 */
export function collectorCycles(output, startedAt) {
  const cycles = [];
  for (const line of output.split('\n')) {
    const m = LINE.exec(line.trim());
    if (!m) continue;
    const n = m.slice(1).map(Number);
    const start = startedAt + n[1] * 1000;
    cycles.push({
      n: n[0],
      start,
      end: start + n[2] + n[3] + n[4],
      cpuMs: n[5] + n[6] + n[7] + n[8] + n[9],
      liveMb: n[12],
    });
  }
  return cycles;
}

/** The cycles that ran, at least in part, between `from` and `to` (epoch ms). */
export const cyclesDuring = (cycles, from, to) => cycles.filter((c) => c.start < to && c.end > from);

/** For a table: "0", or how many cycles, their mark wall time and CPU. */
export function describeCycles(cycles) {
  if (!cycles.length) return '0';
  const wall = cycles.reduce((s, c) => s + (c.end - c.start), 0);
  const cpu = cycles.reduce((s, c) => s + c.cpuMs, 0);
  return `${cycles.length} (${Math.round(wall)} ms, ${(cpu / 1000).toFixed(2)} s CPU)`;
}
