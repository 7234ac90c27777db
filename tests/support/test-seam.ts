// The test side of pb_hooks/lib/setup/test-seam.js: a folder PocketBase is started with
// (ATELIER_TEST_SEAMS), in which a test arms a step, sees it held at its write, races other
// writers into that window and lets it go on.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Seams {
  /** The env PocketBase needs. */
  env: Record<string, string>;
  /**
   * Runs `work` (which reaches the step), waits until the step is held at its write, runs
   * `race` while it waits, lets it go on, and returns what `work` returned.
   */
  holdDuring<T>(step: string, work: () => Promise<T>, race: () => Promise<void>): Promise<T>;
  /** The next time PocketBase reaches `step`, it throws there (its transaction rolls back). */
  failNext(step: string): void;
  remove(): void;
}

export function makeSeams(): Seams {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-seams-'));
  const path = (step: string, end: string) => join(dir, `${step}.${end}`);
  return {
    env: { ATELIER_TEST_SEAMS: dir },
    async holdDuring(step, work, race) {
      writeFileSync(path(step, 'armed'), '');
      let settled = false;
      const running = work().finally(() => {
        settled = true;
      });
      const until = Date.now() + 60_000;
      while (!existsSync(path(step, 'held'))) {
        if (settled) {
          await running;
          throw new Error(`${step}: the work finished without reaching the seam`);
        }
        if (Date.now() > until) throw new Error(`${step}: never held`);
        await new Promise((r) => setTimeout(r, 20));
      }
      try {
        await race();
      } finally {
        writeFileSync(path(step, 'go'), '');
      }
      return running;
    },
    failNext(step) {
      writeFileSync(path(step, 'fail'), '');
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
