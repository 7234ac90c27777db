// Run by start.sh before PocketBase: keeps this release's hashed assets (pb_public/assets) in
// pb_data/previous-assets, the one folder the service may write, so that after an upgrade has
// replaced pb_public a tab still running the previous release keeps loading its chunks
// (pb_hooks/lib/pages/spa.js serves /assets/ misses from there). Kept: the files of the last
// two releases (this one and the previous), and of any release replaced less than a week
// ago. `.releases.json` records each release's files and when it started.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const RECORD = '.releases.json';

/** @param {{ publicDir: string, archiveDir: string, now?: () => number }} opts */
export function archiveAssets({ publicDir, archiveDir, now = Date.now }) {
  const assets = join(publicDir, 'assets');
  if (!existsSync(assets)) return;
  const files = readdirSync(assets).sort();
  const id = files.join('\n');
  mkdirSync(archiveDir, { recursive: true });
  /** @type {{ files: string[], since: number }[]} oldest first */
  let releases = [];
  try {
    releases = JSON.parse(readFileSync(join(archiveDir, RECORD), 'utf8'));
  } catch {
    releases = [];
  }
  if (releases.at(-1)?.files.join('\n') !== id) releases.push({ files, since: now() });
  // a release stays while it is one of the last two, or was replaced less than a week ago
  releases = releases.filter((_release, i) => {
    const next = releases[i + 1];
    return i >= releases.length - 2 || (next && now() - next.since < WEEK_MS);
  });
  const keep = new Set(releases.flatMap((r) => r.files));
  for (const file of readdirSync(archiveDir)) {
    if (file !== RECORD && !keep.has(file)) rmSync(join(archiveDir, file), { force: true });
  }
  // hashed names never change content: a file already kept is the same file
  for (const file of files) {
    if (!existsSync(join(archiveDir, file))) copyFileSync(join(assets, file), join(archiveDir, file));
  }
  writeFileSync(join(archiveDir, RECORD), `${JSON.stringify(releases)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [publicDir, archiveDir] = process.argv.slice(2);
  if (!publicDir || !archiveDir) {
    console.error('usage: node previous-assets.mjs <pb_public> <archive dir>');
    process.exit(2);
  }
  try {
    archiveAssets({ publicDir, archiveDir });
  } catch (err) {
    // never keeps the site from starting: without the archive an old tab reloads onto the new release
    console.error(`[atelier] could not keep the previous release's assets: ${err}`);
  }
}
