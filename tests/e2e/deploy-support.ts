// A deploy, for the update tests: a real second build of the app put in place of dist/, the
// way a server without old assets would replace it. The build gets a new build id, so every
// chunk that imports the entry gets a new name; its stylesheets are renamed too, as when the
// styles changed, since an old tab that cannot load a route's CSS is what strands it.
// `restore()` puts the first build back.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');

function replaceContents(target: string, source: string) {
  for (const entry of readdirSync(target)) {
    if (entry !== '.build-stamp') rmSync(join(target, entry), { recursive: true, force: true });
  }
  cpSync(source, target, { recursive: true });
}

/** Renames every stylesheet of a build and rewrites the files that name them. */
function renameStylesheets(dir: string, tag: string) {
  const assets = join(dir, 'assets');
  const renames = new Map<string, string>();
  for (const file of readdirSync(assets)) {
    const m = /^(.*)\.css$/.exec(file);
    if (m) renames.set(file, `${m[1]}-${tag}.css`);
  }
  for (const [from, to] of renames) {
    renameSync(join(assets, from), join(assets, to));
    for (const ext of ['.br', '.gz']) rmSync(join(assets, from + ext), { force: true });
  }
  const texts = [
    ...readdirSync(dir).filter((f) => /\.(html|js)$/.test(f)),
    ...readdirSync(assets)
      .filter((f) => /\.js$/.test(f))
      .map((f) => join('assets', f)),
  ];
  for (const file of texts) {
    const path = join(dir, file);
    let text = readFileSync(path, 'utf8');
    let changed = false;
    for (const [from, to] of renames) {
      if (!text.includes(from)) continue;
      text = text.split(from).join(to);
      changed = true;
    }
    if (!changed) continue;
    writeFileSync(path, text);
    // the precompressed copies no longer match
    for (const ext of ['.br', '.gz']) rmSync(path + ext, { force: true });
  }
}

/** Builds the next version aside (about 10 s) and swaps it in; the old build's files are gone. */
export function deployNextBuild(): { restore(): void } {
  const backup = mkdtempSync(join(tmpdir(), 'atelier-dist-v1-'));
  const next = mkdtempSync(join(tmpdir(), 'atelier-dist-v2-'));
  // The running server renderer (dist-ssr/) stays as it is: its build no longer matches the
  // new shell, so PocketBase serves the shell, as after a deploy whose renderer is not up yet.
  const nextSsr = mkdtempSync(join(tmpdir(), 'atelier-dist-ssr-v2-'));
  cpSync(dist, backup, { recursive: true });
  const tag = `n${Date.now().toString(36)}`;
  const built = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', next, '--emptyOutDir'], {
    cwd: root,
    env: { ...process.env, ATELIER_BUILD_ID: `e2e-${tag}`, SSR_OUT_DIR: nextSsr },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the next build failed:\n${built.stdout}\n${built.stderr}`);
  renameStylesheets(next, tag);
  replaceContents(dist, next);
  rmSync(next, { recursive: true, force: true });
  rmSync(nextSsr, { recursive: true, force: true });
  return {
    restore() {
      replaceContents(dist, backup);
      rmSync(backup, { recursive: true, force: true });
    },
  };
}
