// Where PocketBase's CPU went in a `perf record -g` profile (live-count --perf). The PocketBase
// binary is built stripped (no ELF symbols, so perf shows bare addresses), but Go keeps its own
// table of functions (pclntab) in every binary: `go tool addr2line` names each address from it.
// Prints the share of samples under a few frames of the realtime path, and the top functions by
// their own (leaf) samples. Needs perf and go on PATH.
import { spawnSync } from 'node:child_process';

/** Frames whose inclusive share is printed (a sample counts once under each frame on its stack). */
const FRAMES = [
  ['realtime: send a record change to every subscriber', 'apis.realtimeBroadcastRecord.func1'],
  ['… scan of each client’s subscriptions', 'subscriptions.(*DefaultClient).Subscriptions'],
  ['… picker.Pick (the `fields` option)', 'tools/picker.Pick'],
  ['… json.Marshal', 'encoding/json.Marshal'],
  ['… Record.Fresh', 'core.(*Record).Fresh'],
  ['realtime: each stream writes its messages (SSE)', 'apis.realtimeConnect'],
  ['JS hooks (goja VMs)', 'jsvm.(*vmsPool).run'],
  ['garbage collector (background marking)', 'runtime.gcBgMarkWorker'],
];

/** perf script's samples, each a list of frames [offset in the binary or kernel symbol, dso]. */
function samples(data) {
  const out = spawnSync('perf', ['script', '-i', data, '-F', 'ip,sym,dso'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  }).stdout;
  const list = [];
  let cur = null;
  for (const line of out.split('\n')) {
    const m = /^\s+([0-9a-f]+)\s+(.*)\s+\((.*)\)\s*$/.exec(line);
    if (m) {
      if (!cur) {
        cur = [];
        list.push(cur);
      }
      cur.push({ ip: m[1], sym: m[2], dso: m[3] });
    } else cur = null;
  }
  return list;
}

/** Names the binary's frames: perf prints offsets from its first load address (0x400000). */
function namer(list, binary, base = 0x400000) {
  const addrs = [...new Set(list.flatMap((s) => s.filter((f) => f.dso === binary).map((f) => f.ip)))];
  const res = spawnSync('go', ['tool', 'addr2line', binary], {
    input: `${addrs.map((a) => `0x${(Number.parseInt(a, 16) + base).toString(16)}`).join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  }).stdout.split('\n');
  const names = new Map(addrs.map((a, i) => [a, res[2 * i] ?? '?']));
  return (f) => (f.dso === binary ? names.get(f.ip) : f.dso.includes('kernel') ? `[k] ${f.sym.split('+')[0]}` : f.sym);
}

/** {seconds, frames:[{label, share}], top:[{name, share}]} of the profile at `data`, sampled at `hz`. */
export function perfBreakdown(data, binary, hz) {
  const list = samples(data);
  const name = namer(list, binary);
  const leaf = new Map();
  const under = FRAMES.map(() => 0);
  for (const s of list) {
    const names = s.map(name);
    leaf.set(names[0], (leaf.get(names[0]) ?? 0) + 1);
    FRAMES.forEach(([, frame], i) => {
      if (names.some((n) => n?.includes(frame))) under[i] += 1;
    });
  }
  const n = list.length || 1;
  return {
    seconds: list.length / hz,
    frames: FRAMES.map(([label], i) => ({ label, share: under[i] / n })),
    top: [...leaf.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([fn, k]) => ({ name: fn, share: k / n })),
  };
}
