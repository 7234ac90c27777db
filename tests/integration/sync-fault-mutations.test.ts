// The fault harness must see a lost value. A few seeded runs against deliberately broken
// progress writers (tests/sync-faults/mutations.ts) — one ignores `completed`, one drops every
// 10th change while saying it made it — must each report losses: the harness judges by what
// the learner meant, recorded before the app ran (tests/sync-faults/accounting.ts), never by
// what the writer answered. The same seeds with the app's own writer lose nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { WRITER_MUTATIONS, type WriterMutation } from '../sync-faults/mutations';
import { type RunResult, runSeed } from '../sync-faults/run';
import { faultServerPerFile } from '../sync-faults/fixture';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

const file = faultServerPerFile();

const runAll = (mutation?: WriterMutation) =>
  Promise.all(
    SEEDS.map((seed) =>
      runSeed(file.server, file.fixture, seed, { mutateWriter: mutation && WRITER_MUTATIONS[mutation]() }),
    ),
  );

const summary = (results: RunResult[]) => results.map((r) => `seed ${r.seed}: ${r.lost} lost`).join(', ');

describe('the fault harness against a broken writer', () => {
  for (const name of Object.keys(WRITER_MUTATIONS) as WriterMutation[]) {
    it(`reports the losses of a writer that ${name}`, { timeout: 300_000 }, async () => {
      const results = await runAll(name);
      const lost = results.reduce((n, r) => n + r.lost, 0);
      expect(lost, summary(results)).toBeGreaterThan(0);
      // more than one seed sees it (a run too short to make a 10th change cannot)
      expect(results.filter((r) => r.lost > 0).length, summary(results)).toBeGreaterThanOrEqual(2);
    });
  }

  it('and none with the app’s own writer on the same seeds', { timeout: 300_000 }, async () => {
    const results = await runAll();
    const problems = results.flatMap((r) => r.problems.map((p) => `seed ${r.seed}: ${p}`));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('the harness set-up beside another run’s restart', () => {
  // Runs go on side by side and one run's restart catches another's set-up: PocketBase answers
  // a request it holds while stopping with a 500, or drops it, whether or not the write landed
  // (seed 43 of npm test failed so on POST users). Each account must still be made exactly once.
  it('makes every learner once while the server restarts under its calls', { timeout: 300_000 }, async (ctx) => {
    const tag = `restart-${Date.now().toString(36)}`;
    const emails: string[] = [];
    const caughtBefore = file.server.caughtByRestart;
    let restarting = true;
    const makers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; restarting || i < 2; i++) {
        const email = `${tag}-${w}-${i}@faults.test`;
        emails.push(email);
        const password = 'x-unused-password-1234';
        await file.server.create(
          'users',
          { email, role: 'learner', password, passwordConfirm: password },
          `email="${email}"`,
        );
      }
    });
    // a restart catches a call only when one is on its way as PocketBase stops (in-flight ones
    // are answered first), which on a quiet machine may take a few restarts: up to 10, until one has
    let restarts = 0;
    while (restarts < 10 && (restarts < 3 || file.server.caughtByRestart === caughtBefore)) {
      await new Promise((done) => setTimeout(done, 100 + 100 * (restarts % 3)));
      await file.server.restart();
      restarts += 1;
    }
    restarting = false;
    await Promise.all(makers);
    const made = await file.server.admin<{ items: { email: string }[] }>(
      'GET',
      `/api/collections/users/records?perPage=500&filter=${encodeURIComponent(`email~"${tag}"`)}`,
    );
    expect(made.items.map((u) => u.email).sort()).toEqual([...emails].sort());
    // On a quiet machine PocketBase answers the calls in flight before it stops and none is
    // caught in 10 restarts (30 in a fresh-clone run caught none); the case is then not exercised, and the
    // run's summary names this test as skipped rather than passing it.
    if (file.server.caughtByRestart === caughtBefore) ctx.skip('no call was caught by a restart on this machine');
  });
});
