// The server keeps the previous build's chunks for a week after `vite build` replaced dist/,
// so a tab still running that build keeps opening pages.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPreviousAssets } from '../../scripts/vite/keep-previous-assets';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

type Hooks = { configResolved(c: unknown): void; buildStart(): void; closeBundle(): void };

/** One `vite build` at time `at`: empties assets/ as Vite does and writes `files`. */
function build(root: string, at: number, files: string[]) {
  const plugin = keepPreviousAssets({ now: () => at }) as unknown as Hooks;
  plugin.configResolved({ root, build: { outDir: 'dist' } });
  plugin.buildStart();
  const assets = join(root, 'dist', 'assets');
  rmSync(assets, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  for (const f of files) writeFileSync(join(assets, f), `/* ${f} */`);
  plugin.closeBundle();
  return readdirSync(assets).sort();
}

describe('vite build', () => {
  it("keeps the previous build's chunks for a week, then lets them go", () => {
    const root = mkdtempSync(join(tmpdir(), 'keep-assets-'));
    dirs.push(root);
    const day = 86_400_000;
    expect(build(root, 0, ['index-a.js', 'about-a.css'])).toEqual(['about-a.css', 'index-a.js']);
    expect(build(root, 1 * day, ['index-b.js', 'about-a.css'])).toEqual(['about-a.css', 'index-a.js', 'index-b.js']);
    // still kept a few builds later, counted from when it was replaced
    expect(build(root, 6 * day, ['index-c.js', 'about-c.css'])).toEqual([
      'about-a.css',
      'about-c.css',
      'index-a.js',
      'index-b.js',
      'index-c.js',
    ]);
    expect(build(root, 8.5 * day, ['index-d.js', 'about-c.css'])).toEqual([
      'about-a.css',
      'about-c.css',
      'index-b.js',
      'index-c.js',
      'index-d.js',
    ]);
    expect(existsSync(join(root, 'dist', '.previous-assets.json'))).toBe(true);
  });
});
