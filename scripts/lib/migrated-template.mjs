// A data dir with this repository's migrations applied, made once for each version of the
// migrations, hooks and PocketBase binary, and copied into a throwaway server's empty data dir.
// `migrate up` on an empty dir takes about 2 s of CPU here; on the copy it finds nothing to do
// (0.2 s), and the integration tests start dozens of servers.
//
// The template is made with an empty environment: the hooks apply env-driven settings on every
// start (bootstrap.pb.js), so the server's own `migrate up`, `superuser upsert` and `serve` then
// set what its environment says, as on a fresh dir. No superuser and no content are in it.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensurePocketBase } from './binaries.mjs';
import { root } from './pb-args.mjs';
import { prepareData } from './pb-run.mjs';

let known = null;

function hashTree(hash, dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, path);
    else if (entry.isFile()) hash.update(`${relative(root, path)}\0`).update(readFileSync(path));
  }
}

/** Where the template of the current migrations, hooks and binary lives (made when missing). */
function migratedTemplate() {
  if (known && existsSync(known)) return known;
  const bin = ensurePocketBase();
  const hash = createHash('sha256').update(`${bin}\0`);
  hashTree(hash, join(root, 'pb_migrations'));
  hashTree(hash, join(root, 'pb_hooks'));
  const base = join(tmpdir(), 'atelier-migrated');
  const dir = join(base, hash.digest('hex').slice(0, 24));
  if (!existsSync(dir)) {
    mkdirSync(base, { recursive: true });
    // made beside it and renamed into place: parallel test files may make it at the same time
    const building = mkdtempSync(join(base, 'building-'));
    try {
      prepareData({ dataDir: building, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } });
      renameSync(building, dir);
    } catch (err) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(dir)) throw err;
    }
  }
  known = dir;
  return dir;
}

/** Copies the template into `dataDir` (an empty dir a throwaway server is about to use). */
export function copyMigratedTemplate(dataDir) {
  cpSync(migratedTemplate(), dataDir, { recursive: true });
}
