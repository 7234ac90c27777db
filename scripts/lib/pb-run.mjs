// Shared by `npm start`, `npm run dev` and the test harness: prepare a data dir
// (migrations, superuser, demo content) and serve it.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ensurePocketBase } from './binaries.mjs';
import { collectOutput, portSaid, stopChild, untilAnswering } from './child-process.mjs';
import { ensureDemoImages } from './demo-images.mjs';
import { pbDirArgs, root } from './pb-args.mjs';

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

function run(bin, args, env) {
  return execFileSync(bin, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Applies migrations, upserts the superuser (when given) and seeds demo content (when asked).
 * Seeding is idempotent: it upserts by slug, so running it twice changes nothing.
 * seed: 'if-empty' seeds only a database without content (npm start, npm run dev).
 */
export function prepareData({
  dataDir,
  publicDir = 'dist',
  migrationsDir,
  env = process.env,
  superuser,
  seed = false,
}) {
  const bin = ensurePocketBase();
  const dirs = pbDirArgs({ dataDir, publicDir, migrationsDir });
  run(bin, ['migrate', 'up', ...dirs], env);
  if (superuser) run(bin, ['superuser', 'upsert', superuser.email, superuser.password, ...dirs], env);
  if (seed) {
    const imagesDir = ensureDemoImages();
    const out = run(bin, ['seed', ...dirs], {
      ...env,
      DEMO_IMAGES_DIR: imagesDir,
      SEED_ONLY_IF_EMPTY: seed === 'if-empty' ? '1' : '0',
    });
    if (out.trim()) process.stderr.write(out);
  }
  return bin;
}

/** Starts `serve` and resolves once /api/health answers. */
export async function servePocketBase({
  dataDir,
  publicDir = 'dist',
  migrationsDir,
  host = '127.0.0.1',
  port,
  env = process.env,
  stdio = 'pipe',
  dev = false,
  hooksPool,
}) {
  const bin = ensurePocketBase();
  const args = ['serve', `--http=${host}:${port}`, ...pbDirArgs({ dataDir, publicDir, migrationsDir })];
  if (dev) args.push('--dev');
  // Prewarmed hook VMs (PocketBase's default is 15): a request that finds them all busy builds a
  // new one, which is what a crowd pays for (README, "Print drops").
  const pool = hooksPool ?? env.PB_HOOKS_POOL;
  if (pool) args.push(`--hooksPool=${pool}`);
  const child = spawn(bin, args, {
    cwd: root,
    env: { ...env, ATELIER_PUBLIC_DIR: resolve(root, publicDir) },
    stdio: stdio === 'pipe' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const output = collectOutput(child);
  const url = `http://${host}:${port}`;
  // its banner, printed once it holds the port, before any health answer counts (child-process.mjs)
  const ours = () => stdio !== 'pipe' || portSaid(output(), 'Server started at') === port;
  const answers = async () => ours() && (await fetch(`${url}/api/health`)).ok;
  await untilAnswering(child, { what: `PocketBase at ${url}`, answers, output });
  return { url, child, output, stop: () => stopChild(child) };
}
