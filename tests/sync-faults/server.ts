// The PocketBase the fault runs sync against: seeded demo content, restartable in the middle
// of a sync (same port and data). Devices reach it through fault proxies (fault-proxy.ts).
//
// Runs go on side by side, so one run's restart catches the others' set-up calls. PocketBase
// answers a request it is holding when it is stopped with a 500 ("Something went wrong"), or
// drops the connection; either way the write may or may not have landed. The superuser's
// calls are therefore repeated only when that is safe: reads and impersonation (which stores
// nothing) are sent again; a create is sent again only after a look-up finds it did not land.
// Any other failure, and any failure while no restart was under way, fails the run.
import { startThrowawayPocketBase } from '../../scripts/lib/throwaway-pb.mjs';

export interface FaultServer {
  url: string;
  port: number;
  /**
   * Calls the API as the superuser (never through the faults). A read or an impersonation
   * caught by a restart is sent again; any other method fails as it was answered.
   */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /**
   * Creates a record as the superuser. When a restart catches it, `filter` (naming what
   * makes the record unique) is looked up, and the create is sent again only if nothing matches.
   */
  create<T = unknown>(collection: string, body: Record<string, unknown>, filter: string): Promise<T>;
  /** Stops PocketBase and starts it again on the same port and data. */
  restart(): Promise<void>;
  /** How many superuser calls a restart caught so far (each was then resolved as above). */
  readonly caughtByRestart: number;
  stop(): Promise<void>;
}

// the superuser's own address, apart from every device's
const ADMIN_IP = '10.200.0.1';

/** A request that may be sent again as it is: it stores nothing. */
const repeatable = (method: string, path: string) => method === 'GET' || /\/impersonate\//.test(path);

export async function startFaultServer(): Promise<FaultServer> {
  const pb = await startThrowawayPocketBase({
    seed: true,
    tempPrefix: 'atelier-sync-faults-',
    // the harness stands where a reverse proxy would and names each device in X-Forwarded-For,
    // so every device (and every side-by-side run) meets the per-client limits apart, as phones do
    env: { TRUSTED_PROXY: '127.0.0.1' },
    superuserIp: ADMIN_IP,
  });
  let restarts = 0;
  let caught = 0;

  type Sent = { res: Response; text: string } | { caughtByRestart: true; why: string };

  /** One call after any restart under way; says whether a restart that began meanwhile caught it. */
  async function send(method: string, path: string, body: unknown): Promise<Sent> {
    await pb.settled();
    const before = restarts;
    try {
      const res = await pb.fetch(path, {
        method,
        headers: { 'x-forwarded-for': ADMIN_IP },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      // a refusal while a restart began is not the server's answer to the call: PocketBase
      // stopping under a create answers 400 "Failed to create record." (its database closed)
      if (res.ok || restarts === before) return { res, text };
      caught += 1;
      return { caughtByRestart: true, why: `${res.status} ${text}` };
    } catch (err) {
      if (restarts === before) throw err;
      caught += 1;
      return { caughtByRestart: true, why: String(err) };
    }
  }

  function answer<T>(method: string, path: string, { res, text }: { res: Response; text: string }): T {
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const sent = await send(method, path, body);
      if (!('caughtByRestart' in sent)) return answer<T>(method, path, sent);
      if (!repeatable(method, path) || attempt >= 5)
        throw new Error(`${method} ${path}: caught by a restart (${sent.why}); not sent again`);
    }
  }

  async function create<T>(collection: string, body: Record<string, unknown>, filter: string): Promise<T> {
    const path = `/api/collections/${collection}/records`;
    for (let attempt = 1; ; attempt++) {
      const sent = await send('POST', path, body);
      if (!('caughtByRestart' in sent)) return answer<T>('POST', path, sent);
      const found = await admin<{ items: T[] }>('GET', `${path}?perPage=2&filter=${encodeURIComponent(filter)}`);
      if (found.items.length === 1) return found.items[0] as T;
      if (found.items.length > 1) throw new Error(`POST ${path}: ${filter} matches ${found.items.length} records`);
      if (attempt >= 5) throw new Error(`POST ${path}: caught by a restart ${attempt} times (${sent.why})`);
    }
  }

  return {
    url: pb.url,
    port: pb.port,
    admin,
    create,
    restart: () => {
      restarts += 1;
      return pb.restart();
    },
    stop: () => pb.stop(),
    get caughtByRestart() {
      return caught;
    },
  };
}
