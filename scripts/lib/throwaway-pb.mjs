// A throwaway PocketBase: a free port, a temp data dir deleted on stop, this repository's
// migrations and hooks, TEST_SUPERUSER signed in. The one set-up the integration tests, the
// sync-fault harness and the benches start their servers with.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyMigratedTemplate } from './migrated-template.mjs';
import { freePort, prepareData, servePocketBase } from './pb-run.mjs';
import { superuserFetch, superuserJson, superuserToken, TEST_SUPERUSER } from './superuser.mjs';

/**
 * Starts one. `seed` adds the demo content; `env` is added to the process environment (the
 * server's address, SITE_URL and DEMO_CONTENT are set here); `superuserIp` is sent as
 * X-Forwarded-For when the superuser signs in (servers that trust a proxy).
 */
export async function startThrowawayPocketBase(opts = {}) {
  // the port is free when chosen and taken when PocketBase starts a second or two later: in
  // between another process may take it (parallel test files); then start again on another
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      if (attempt >= 3 || !/address already in use/i.test(String(err?.message))) throw err;
    }
  }
}

async function startOnce({
  seed = false,
  env: extraEnv = {},
  publicDir,
  hooksPool,
  superuserIp,
  tempPrefix = 'atelier-pb-',
} = {}) {
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DEMO_CONTENT: seed ? '1' : '0',
    ...extraEnv,
  };
  const dataDir = mkdtempSync(join(tmpdir(), tempPrefix));
  let server;
  let startSeconds = 0;
  let spawnedAt = 0;
  const serve = async () => {
    spawnedAt = Date.now();
    server = await servePocketBase({ dataDir, publicDir, port, env, hooksPool });
    startSeconds = (Date.now() - spawnedAt) / 1000;
  };
  let token;
  try {
    // the migrations already applied (once per version of them): `migrate up` then has nothing to do
    copyMigratedTemplate(dataDir);
    prepareData({ dataDir, publicDir, env, superuser: TEST_SUPERUSER, seed });
    await serve();
    token = await superuserToken(server.url, { ip: superuserIp });
  } catch (err) {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  let restarting;
  const pb = {
    url: server.url,
    port,
    dataDir,
    env,
    superuser: { ...TEST_SUPERUSER, token },
    /** The PocketBase process now running (a restart replaces it). */
    get child() {
      return server.child;
    },
    /** When the running PocketBase was spawned (epoch ms). */
    get spawnedAt() {
      return spawnedAt;
    },
    /** Seconds from spawning the running PocketBase to its first healthy answer. */
    get startSeconds() {
      return startSeconds;
    },
    /** Everything the running PocketBase printed so far (for failure messages). */
    output: () => server.output(),
    /** A request as the superuser: the response, whatever its status. */
    fetch: (path, init) => superuserFetch(pb, path, init),
    /** A request as the superuser that must succeed: its JSON body (null when empty). */
    admin: (method, path, body) => superuserJson(pb, method, path, body),
    /** Stops PocketBase and starts it again on the same port and data (one restart at a time). */
    restart() {
      restarting ??= (async () => {
        await server.stop();
        await serve();
        pb.superuser.token = await superuserToken(server.url, { ip: superuserIp });
      })().finally(() => {
        restarting = undefined;
      });
      return restarting;
    },
    /** Resolves when no restart is under way. */
    settled: () => restarting ?? Promise.resolve(),
    async stop() {
      await restarting?.catch(() => {});
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return pb;
}
