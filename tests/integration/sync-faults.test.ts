// The seeded fault harness at the integration level: the app's own outbox, drainer, merge
// rules, progress writes, pull and reconcile, and session rules (tests/sync-faults/device.ts),
// on fake-indexeddb, against a real PocketBase behind one fault proxy per device (5xx, 429,
// held and closed requests, answers lost after the write was stored), a restart, devices
// offline, clocks off and never measured, killed tabs, two tabs, expired tokens and a second
// account; judged against the learner's recorded intent (tests/sync-faults/accounting.ts).
// Runs go on side by side (vitest --maxConcurrency, 5 unless told), each with its own
// accounts and device addresses, so a restart one run causes is a fault for the others too.
// npm test runs 50 seeds; `npm run bench -- sync-faults` runs the 1,000 (the seeds come from
// SYNC_FAULT_SEEDS then, e.g. "1-950" or "17"); a failing seed replays with
// `npm run bench -- sync-faults --seed N` (SYNC_FAULT_DEBUG=1 prints its intents and the
// server's records).
import 'fake-indexeddb/auto';
import { appendFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { runSeed } from '../sync-faults/run';
import { faultServerPerFile } from '../sync-faults/fixture';

function seeds(spec = '1-50'): number[] {
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number) as [number, number | undefined];
    if (to === undefined) return [from];
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

const file = faultServerPerFile();

describe('sync under injected faults (seeded)', () => {
  for (const seed of seeds(process.env.SYNC_FAULT_SEEDS)) {
    it.concurrent(`seed ${seed}: nothing lost or duplicated, every device converges, the chip agrees`, {
      timeout: 120_000,
    }, async ({ expect }) => {
      const result = await runSeed(file.server, file.fixture, seed);
      if (process.env.SYNC_FAULT_REPORT) appendFileSync(process.env.SYNC_FAULT_REPORT, `${JSON.stringify(result)}\n`);
      expect(result.problems, `replay: npm run bench -- sync-faults --seed ${seed}`).toEqual([]);
    });
  }
});
