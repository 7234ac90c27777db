// `npm run backup` and `npm run restore`: PocketBase's own backups (a zip of pb_data; the
// database and, with local storage, the uploaded files) made and restored through its REST
// API as the superuser ADMIN_EMAIL / ADMIN_PASSWORD. A running server is used as it is.
// When none answers at HOST:PORT, a temporary PocketBase is started on the data dir (on a
// free loopback port) and stopped afterwards; never restore that way while a server is
// running on the same data dir elsewhere.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from './pb-args.mjs';
import { quietPort, servePocketBase } from './pb-run.mjs';

const BACKUP_NAME = /^[a-z0-9_-]+\.zip$/;

async function healthy(url) {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** The loopback URL of the server `npm start` would run with this env. */
function localUrl(env) {
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || '8090'}`;
}

async function signIn(url, env) {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD (the superuser, e.g. in .env) to make or restore backups.');
  }
  let res;
  // sign-ins are rate limited (a few per seconds per address): wait and try again
  for (let attempt = 0; attempt < 6; attempt++) {
    res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    if (res.status !== 429) break;
    await new Promise((r) => setTimeout(r, 1500));
  }
  if (!res.ok)
    throw new Error(`Signing in as the superuser ${env.ADMIN_EMAIL} failed (${res.status}): ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * The server to talk to: `url` when given (a running server, local or not), else the local
 * one at HOST:PORT, else a temporary one on PB_DATA_DIR. `stop()` ends a temporary one.
 */
export async function connect({ env, url, log = console.log }) {
  let target = url ?? localUrl(env);
  let temp = null;
  if (!(await healthy(target))) {
    if (url) throw new Error(`No PocketBase answers at ${url}.`);
    const dataDir = resolve(root, env.PB_DATA_DIR || 'pb_data');
    if (!existsSync(resolve(dataDir, 'data.db')))
      throw new Error(`No server at ${target} and no database in ${dataDir}.`);
    log(`[atelier] no server at ${target}; starting a temporary one on ${dataDir}`);
    temp = await servePocketBase({ dataDir, port: await quietPort(), env });
    target = temp.url;
  }
  const token = await signIn(target, env);
  return { url: target, env, token, temporary: temp !== null, stop: async () => temp?.stop() };
}

async function call(conn, method, path, body) {
  const res = await fetch(`${conn.url}${path}`, {
    method,
    headers: { authorization: conn.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} failed (${res.status}): ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Backups, newest first: [{key, size, modified}]. */
export async function listBackups(conn) {
  const list = await call(conn, 'GET', '/api/backups');
  return list.sort((a, b) => String(b.modified).localeCompare(String(a.modified)));
}

/** A name like atelier_20261124_030000.zip (UTC). */
function backupName(now = new Date()) {
  const s = now.toISOString().replace(/[-:]/g, '').replace('T', '_').slice(0, 15);
  return `atelier_${s}.zip`;
}

/** Throws when PocketBase would refuse the name. */
export function checkBackupName(name) {
  if (!BACKUP_NAME.test(name))
    throw new Error(`A backup name is lowercase letters, digits, _ and -, ending in .zip (got "${name}").`);
}

/** Makes a backup and resolves with its list entry. */
export async function createBackup(conn, name = backupName()) {
  checkBackupName(name);
  await call(conn, 'POST', '/api/backups', { name });
  // S3 listings may lag a moment behind the upload
  for (let i = 0; i < 50; i++) {
    const found = (await listBackups(conn)).find((b) => b.key === name);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The backup ${name} was made but is not listed.`);
}

/**
 * Restores a backup. PocketBase answers, then replaces pb_data and restarts itself in place
 * (same process); this waits until it has gone away and answers again. With media on S3 the
 * restarted server first puts back the files the backup's records name (pb_hooks
 * lib/setup/backup-media.js): resolves with what it did, `{restored, missing, error}`, or
 * null with local storage (the zip held the files).
 */
export async function restoreBackup(conn, name, opts = {}) {
  await restoreAndWait(conn, name, opts);
  // the restored database has its own superusers: sign in again
  const again = { ...conn, token: await signIn(conn.url, conn.env) };
  return (await call(again, 'GET', '/api/atelier/backups/media-restore')).restore;
}

async function restoreAndWait(conn, name, { timeoutMs = 10 * 60_000 } = {}) {
  const names = (await listBackups(conn)).map((b) => b.key);
  if (!names.includes(name)) {
    throw new Error(`There is no backup named "${name}". Backups: ${names.length ? names.join(', ') : 'none'}.`);
  }
  await call(conn, 'POST', `/api/backups/${encodeURIComponent(name)}/restore`);
  const deadline = Date.now() + timeoutMs;
  let wentDown = false;
  let seenBusy = false;
  while (Date.now() < deadline) {
    const state = await health(conn);
    if (!state) wentDown = true;
    else if (wentDown) return;
    // busy while restoring; free again without a restart means the restore failed
    else if (state.canBackup === false) seenBusy = true;
    else if (seenBusy) throw new Error(`Restoring ${name} failed; the server log says why. Nothing was changed.`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The server did not come back within ${timeoutMs / 1000} s after restoring ${name}; see its log.`);
}

/** /api/health's data as the superuser sees it, or null while the server does not answer. */
async function health(conn) {
  try {
    const res = await fetch(`${conn.url}/api/health`, {
      headers: { authorization: conn.token },
      signal: AbortSignal.timeout(2000),
    });
    return res.ok ? ((await res.json()).data ?? {}) : null;
  } catch {
    return null;
  }
}

/** "12.3 MB" */
export function formatSize(bytes) {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

/** Splits `--url X` off the arguments. */
export function parseArgs(argv) {
  const rest = [];
  let url;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--url') url = argv[++i];
    else if (argv[i].startsWith('--url=')) url = argv[i].slice(6);
    else rest.push(argv[i]);
  }
  return { url: url?.replace(/\/+$/, ''), rest };
}
