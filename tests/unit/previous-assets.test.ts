// A packaged site keeps each release's hashed assets in pb_data/previous-assets when it starts
// (deploy/previous-assets.mjs), so after an upgrade replaced pb_public a tab still running the
// previous release keeps loading its chunks: for at least one release, and a week at least.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { archiveAssets } from '../../deploy/previous-assets.mjs';

const DAY = 86_400_000;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function site() {
  const root = mkdtempSync(join(tmpdir(), 'previous-assets-'));
  dirs.push(root);
  return { publicDir: join(root, 'pb_public'), archiveDir: join(root, 'pb_data', 'previous-assets') };
}

/** Unpacks a release (its pb_public replaced as the upgrade does) and starts it at `at`. */
function start(s: ReturnType<typeof site>, files: string[], at: number) {
  rmSync(s.publicDir, { recursive: true, force: true });
  mkdirSync(join(s.publicDir, 'assets'), { recursive: true });
  for (const f of files) writeFileSync(join(s.publicDir, 'assets', f), `/* ${f} */`);
  archiveAssets({ ...s, now: () => at });
  return readdirSync(s.archiveDir)
    .filter((f) => !f.startsWith('.'))
    .sort();
}

describe('the previous releases’ assets', () => {
  it('are kept across an upgrade for at least one release, then let go', () => {
    const s = site();
    expect(start(s, ['index-a.js', 'index-a.js.br', 'about-a.js'], 0)).toEqual([
      'about-a.js',
      'index-a.js',
      'index-a.js.br',
    ]);
    // restarts of the same release change nothing
    start(s, ['index-a.js', 'index-a.js.br', 'about-a.js'], 1 * DAY);
    // release b: a's files stay (a is the previous release)
    expect(start(s, ['index-b.js', 'about-a.js'], 30 * DAY)).toEqual([
      'about-a.js',
      'index-a.js',
      'index-a.js.br',
      'index-b.js',
    ]);
    // release c a month later: a is two releases back and was replaced long ago (about-a.js
    // stays, b has it too)
    expect(start(s, ['index-c.js'], 60 * DAY)).toEqual(['about-a.js', 'index-b.js', 'index-c.js']);
  });

  it('keep releases replaced within the last week, however many', () => {
    const s = site();
    start(s, ['index-a.js'], 0);
    start(s, ['index-b.js'], 1 * DAY);
    start(s, ['index-c.js'], 2 * DAY);
    expect(start(s, ['index-d.js'], 3 * DAY)).toEqual(['index-a.js', 'index-b.js', 'index-c.js', 'index-d.js']);
    // ten days later release e: of the others only the previous release (d) is kept
    expect(start(s, ['index-e.js'], 13 * DAY)).toEqual(['index-d.js', 'index-e.js']);
  });

  it('without a built PWA there is nothing to keep', () => {
    const s = site();
    archiveAssets({ ...s, now: () => 0 });
    expect(existsSync(join(s.archiveDir, 'index-a.js'))).toBe(false);
  });
});
