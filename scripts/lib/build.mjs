// Builds the PWA and the server renderer when any input is newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { root } from './pb-args.mjs';

// `vite build` makes both the client (dist/) and the server renderer (dist-ssr/).
const INPUTS = [
  'src',
  'renderer',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.renderer.config.ts',
  'scripts/vite',
  'package-lock.json',
  'tsconfig.app.json',
];
const STAMP = resolve(root, 'dist', '.build-stamp');
const OUTPUTS = [STAMP, resolve(root, 'dist-ssr', 'render-server.mjs')];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isBuildStale() {
  if (!OUTPUTS.every((p) => existsSync(p))) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((p) => newestMtime(resolve(root, p)) > built);
}

export function buildIfStale({ force = false } = {}) {
  if (!force && !isBuildStale()) return false;
  console.log('[atelier] building the PWA and the server renderer (vite build)…');
  // NODE_ENV from a test runner ("test") would give the renderer React's development JSX
  const res = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (res.status !== 0) throw new Error('vite build failed');
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}
