#!/usr/bin/env node
// `npm run package [-- --out <dir>]`: a self-contained folder to run the site on a Linux
// x86-64 server with nothing else installed (no Go, no Node): the PocketBase binary, the
// hooks, the migrations, the built PWA, the server renderer with the Node binary that runs it
// (this machine's own) and sharp for the image copies, and a start script. docs/deploy.md uses it.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { resolve } from 'node:path';
import { ensurePocketBase, POCKETBASE_VERSION } from './lib/binaries.mjs';
import { root } from './lib/pb-args.mjs';

const args = process.argv.slice(2);
const outFlag = args.indexOf('--out');
const out = resolve(root, outFlag >= 0 ? args[outFlag + 1] : 'build/atelier');

/** True for a 64-bit x86-64 Linux (ELF) executable: what the package is for. */
function isLinuxAmd64(path) {
  const head = Buffer.alloc(20);
  const fd = openSync(path, 'r');
  readSync(fd, head, 0, 20, 0);
  return head.subarray(0, 4).toString('latin1') === '\x7fELF' && head[4] === 2 && head.readUInt16LE(18) === 0x3e;
}

/** Copies an installed package and the dependencies it has installed (optional ones: when present). */
function copyModule(name, into, seen = new Set()) {
  if (seen.has(name)) return;
  seen.add(name);
  const from = resolve(root, 'node_modules', name);
  if (!existsSync(from)) return;
  cpSync(from, resolve(into, name), { recursive: true, dereference: true });
  const pkg = JSON.parse(readFileSync(resolve(from, 'package.json'), 'utf8'));
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) copyModule(dep, into, seen);
}

const bin = ensurePocketBase();
if (!isLinuxAmd64(bin)) {
  throw new Error(
    `${bin} is not a Linux x86-64 executable. Build the package on a Linux x86-64 machine, or point POCKETBASE_BIN at PocketBase ${POCKETBASE_VERSION} for linux-amd64.`,
  );
}
if (!isLinuxAmd64(process.execPath)) {
  throw new Error(`${process.execPath} is not a Linux x86-64 Node: build the package on a Linux x86-64 machine.`);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
copyFileSync(bin, resolve(out, 'pocketbase'));
chmodSync(resolve(out, 'pocketbase'), 0o755);
cpSync(resolve(root, 'pb_hooks'), resolve(out, 'pb_hooks'), { recursive: true });
cpSync(resolve(root, 'pb_migrations'), resolve(out, 'pb_migrations'), { recursive: true });
// a fresh build straight into the package (dist/ and dist-ssr/ are left alone: tests may be
// serving them); the server renderer is built in the same run, from the same sources
console.log('[atelier] building the PWA and the server renderer into the package (vite build)…');
const vite = spawnSync(
  resolve(root, 'node_modules/.bin/vite'),
  ['build', '--outDir', resolve(out, 'pb_public'), '--emptyOutDir'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // NODE_ENV from a test runner ("test") would give the renderer React's development JSX
    env: { ...process.env, NODE_ENV: 'production', SSR_OUT_DIR: resolve(out, 'renderer') },
  },
);
if (vite.status !== 0) throw new Error('vite build failed');
// the renderer's bundle holds its dependencies but sharp (native: the image copies), which
// goes beside it with what it needs, as installed here for linux-x64
copyModule('sharp', resolve(out, 'renderer', 'node_modules'));
copyFileSync(process.execPath, resolve(out, 'node'));
chmodSync(resolve(out, 'node'), 0o755);
copyFileSync(resolve(root, 'deploy/start.sh'), resolve(out, 'start.sh'));
chmodSync(resolve(out, 'start.sh'), 0o755);
copyFileSync(resolve(root, 'deploy/previous-assets.mjs'), resolve(out, 'previous-assets.mjs'));
copyFileSync(resolve(root, 'deploy/atelier.service'), resolve(out, 'atelier.service'));
copyFileSync(resolve(root, '.env.example'), resolve(out, 'env.example'));
mkdirSync(resolve(out, 'pb_data'), { recursive: true });

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {}
writeFileSync(
  resolve(out, 'VERSION'),
  `atelier ${commit}\npocketbase ${POCKETBASE_VERSION} linux-amd64\nnode ${process.version} linux-x64\nbuilt ${new Date().toISOString()}\n`,
);
if (!existsSync(resolve(out, 'pb_public', 'index.html'))) throw new Error('the build has no index.html');
if (!existsSync(resolve(out, 'renderer', 'render-server.mjs'))) throw new Error('the build has no server renderer');

console.log(`Package written to ${out}
  Try it:   PORT=8095 ${out}/start.sh
  Deploy:   copy the folder to the server (e.g. /opt/atelier) and follow docs/deploy.md`);
