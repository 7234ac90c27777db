// The PocketBase the fault runs sync against: seeded demo content, restartable in the middle
// of a sync (same port and data). Devices reach it through fault proxies (fault-proxy.ts).
import { startThrowawayPocketBase } from '../../scripts/lib/throwaway-pb.mjs';

export interface FaultServer {
  url: string;
  port: number;
  /** Calls the API as the superuser (never through the faults). */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Stops PocketBase and starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

// the superuser's own address, apart from every device's
const ADMIN_IP = '10.200.0.1';

export async function startFaultServer(): Promise<FaultServer> {
  const pb = await startThrowawayPocketBase({
    seed: true,
    tempPrefix: 'atelier-sync-faults-',
    // the harness stands where a reverse proxy would and names each device in X-Forwarded-For,
    // so every device (and every side-by-side run) meets the per-client limits apart, as phones do
    env: { TRUSTED_PROXY: '127.0.0.1' },
    superuserIp: ADMIN_IP,
  });

  async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response | undefined;
    // runs go on side by side: another run's restart may catch this call, which then waits it out
    for (let attempt = 0; !res; attempt++) {
      await pb.settled();
      try {
        res = await pb.fetch(path, {
          method,
          headers: { 'x-forwarded-for': ADMIN_IP },
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
    url: pb.url,
    port: pb.port,
    admin,
    restart: () => pb.restart(),
    stop: () => pb.stop(),
  };
}
