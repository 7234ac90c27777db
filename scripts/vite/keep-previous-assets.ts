// `vite build` empties dist/ before writing the new build, so a tab still running the
// previous build (no service worker yet, or one whose copy was evicted) would ask for chunks
// the server no longer has. This plugin puts the previous builds' hashed assets back after
// the build and keeps them for a week (dist/.previous-assets.json records when each one was
// replaced). The precache manifest lists only the new build, so nothing old is precached.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const RECORD = '.previous-assets.json';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface KeepPreviousAssetsOptions {
  keepMs?: number;
  now?: () => number;
}

export function keepPreviousAssets(opts: KeepPreviousAssetsOptions = {}): Plugin {
  const keepMs = opts.keepMs ?? WEEK_MS;
  const now = opts.now ?? Date.now;
  let outDir = 'dist';
  let saved: string | undefined;
  let retired: Record<string, number> = {};

  return {
    name: 'atelier-keep-previous-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      saved = undefined;
      retired = {};
      const assets = join(outDir, 'assets');
      if (!existsSync(assets)) return;
      saved = mkdtempSync(join(tmpdir(), 'atelier-previous-assets-'));
      cpSync(assets, saved, { recursive: true });
      try {
        retired = JSON.parse(readFileSync(join(outDir, RECORD), 'utf8')) as Record<string, number>;
      } catch {
        retired = {};
      }
    },
    closeBundle() {
      if (!saved) return;
      const assets = join(outDir, 'assets');
      const fresh = new Set(existsSync(assets) ? readdirSync(assets) : []);
      const record: Record<string, number> = {};
      for (const file of readdirSync(saved)) {
        if (fresh.has(file)) continue;
        const since = retired[file] ?? now();
        if (now() - since > keepMs) continue;
        cpSync(join(saved, file), join(assets, file));
        record[file] = since;
      }
      writeFileSync(join(outDir, RECORD), `${JSON.stringify(record, null, 1)}\n`);
      rmSync(saved, { recursive: true, force: true });
      saved = undefined;
    },
  };
}
