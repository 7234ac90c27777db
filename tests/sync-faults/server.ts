// The PocketBase the fault runs sync against: seeded demo content, a fixed port and data dir
// so it can be restarted in the middle of a sync, and a TCP proxy that cuts connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, prepareData, servePocketBase } from '../../scripts/lib/pb-run.mjs';
import { superuserToken, TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';
import { type CuttingProxy, startCuttingProxy } from './tcp-proxy';

export interface FaultServer {
  url: string;
  proxy: CuttingProxy;
  /** Calls the API as the superuser (never through the faults). */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Stops PocketBase and starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startFaultServer(): Promise<FaultServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-sync-faults-'));
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DEMO_CONTENT: '1',
    // the harness stands where a reverse proxy would and names each device in X-Forwarded-For,
    // so every device (and every side-by-side run) meets the per-client limits apart, as phones do
    TRUSTED_PROXY: '127.0.0.1',
  } as Record<string, string>;
  prepareData({ dataDir, env, superuser: TEST_SUPERUSER, seed: true });
  let server = await servePocketBase({ dataDir, port, env });
  const url = server.url;
  let token = await superuserToken(url, { ip: '10.200.0.1' });
  const proxy = await startCuttingProxy({ host: '127.0.0.1', port });
  let restarting: Promise<void> | undefined;

  async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response | undefined;
    // runs go on side by side: another run's restart may catch this call, which then waits it out
    for (let attempt = 0; !res; attempt++) {
      await restarting;
      try {
        res = await fetch(`${url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: token, 'x-forwarded-for': '10.200.0.1' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (err) {
        if (attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  return {
    url,
    proxy,
    admin,
    restart() {
      restarting ??= (async () => {
        await server.stop();
        server = await servePocketBase({ dataDir, port, env });
        token = await superuserToken(url, { ip: '10.200.0.1' });
      })().finally(() => {
        restarting = undefined;
      });
      return restarting;
    },
    async stop() {
      await proxy.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
