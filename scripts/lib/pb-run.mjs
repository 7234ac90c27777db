// Shared by `npm start`, `npm run dev` and the test harness: prepare a data dir
// (migrations, superuser, demo content) and serve it.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ensurePocketBase } from './binaries.mjs';
import { collectOutput, portSaid, stopChild, untilAnswering } from './child-process.mjs';
import { ensureDemoImages } from './demo-images.mjs';
import { pbDirArgs, root } from './pb-args.mjs';

/** Whether 127.0.0.1:`port` can be bound now (0: any port); resolves with the port, or 0. */
function bindable(port) {
  return new Promise((res) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', () => res(0));
    srv.listen(port, '127.0.0.1', () => {
      const bound = srv.address().port;
      srv.close(() => res(bound));
    });
  });
}

export async function freePort() {
  const port = await bindable(0);
  if (!port) throw new Error('no free loopback port');
  return port;
}

// Linux hands out ports for listen(0) (every freePort, and servers started on port 0) from
// ip_local_port_range (32768–60999 by default), so a port below it is one no other test server
// can be given between its choice and its use.
const QUIET_FIRST = 20000;
function ephemeralFirst() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 0;
  } catch {
    return 0;
  }
}

/**
 * A free loopback port that other servers started meanwhile will not take: for a server whose
 * port must be known seconds before it binds it (the renderer's RENDER_PORT goes into
 * PocketBase's environment before PocketBase starts, and the renderer only after). Chosen at
 * random between 20000 and the range and checked free; parallel callers meet only by that chance.
 */
export async function quietPort() {
  const end = ephemeralFirst();
  // another system's range, or none known: only a port chosen free
  if (end < QUIET_FIRST + 1000) return freePort();
  for (let tries = 0; tries < 50; tries++) {
    const port = QUIET_FIRST + Math.floor(Math.random() * (end - QUIET_FIRST));
    if (await bindable(port)) return port;
  }
  return freePort();
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
