// The reverse proxy in front of PocketBase that the faults come from, one per device (it names
// the device in X-Forwarded-For, as a real proxy names its client). Per request it may refuse
// or drop the request instead of forwarding it, or forward it and then lose the answer: a 5xx
// or 429 in its place, an answer held until the client gives up, a connection cut in the middle
// of the answer. The last kind is the one that matters most: the server stored the write and
// the device does not know, so it sends it again. Every fault is counted by kind, and so is
// every write the server stored whose answer never reached the device.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Rand } from './prng';

/** Faults in place of forwarding: the server never sees the request. */
const BEFORE = ['refused-5xx', 'refused-429', 'no-connection', 'hang'] as const;
/** Faults after forwarding: the server handled the request, its answer is lost. */
const AFTER = ['lost-5xx', 'lost-429', 'lost-hang', 'lost-cut'] as const;
export const PROXY_FAULTS = [...BEFORE, ...AFTER] as const;
export type ProxyFault = (typeof PROXY_FAULTS)[number];

interface FaultPlan {
  /** Chance that a request meets a fault. */
  rate: number;
  kinds: readonly ProxyFault[];
  /** Only requests whose path matches meet faults (default: every request). */
  paths?: RegExp;
}

/** A held request is let go after this, as a real proxy's read timeout would (clients usually give up sooner). */
const HANG_MS = 2_500;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface FaultProxy {
  url: string;
  plan: FaultPlan | null;
  /** Writes the server answered with success whose answer the device never got. */
  readonly storedNotAcknowledged: number;
  close(): Promise<void>;
}

export async function startFaultProxy(opts: {
  /** PocketBase's port on 127.0.0.1. */
  target: number;
  /** The device's address, in X-Forwarded-For. */
  clientIp: string;
  rand: Rand;
  /** Called with each fault injected. */
  onFault(kind: ProxyFault): void;
}): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let lostWrites = 0;
  const state: { plan: FaultPlan | null } = { plan: null };

  const hold = (socket: Socket) => {
    const t = setTimeout(() => {
      timers.delete(t);
      socket.destroy();
    }, HANG_MS);
    timers.add(t);
    socket.once('close', () => {
      clearTimeout(t);
      timers.delete(t);
    });
  };

  const answer = (res: ServerResponse, status: number) => {
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    res.end(JSON.stringify({ status, message: `Injected ${status} by the proxy.`, data: {} }));
  };

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const headers = { ...req.headers, 'x-forwarded-for': opts.clientIp, host: `127.0.0.1:${opts.target}` };
        const up = request(
          { host: '127.0.0.1', port: opts.target, method: req.method, path: req.url, headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
            );
            res.on('error', reject);
          },
        );
        up.on('error', reject);
        up.end(body);
      },
    );

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const plan = state.plan;
        const subject = plan?.kinds.length && (!plan.paths || plan.paths.test((req.url ?? '').split('?')[0] ?? ''));
        const fault = subject && opts.rand() < plan.rate ? opts.rand.pick(plan.kinds) : null;
        if (fault) opts.onFault(fault);
        switch (fault) {
          case 'refused-5xx':
            return answer(res, opts.rand.pick([500, 502, 503]));
          case 'refused-429':
            return answer(res, 429);
          case 'no-connection':
            return req.socket.destroy();
          case 'hang':
            return hold(req.socket);
        }
        let upstream: Awaited<ReturnType<typeof forward>>;
        try {
          upstream = await forward(req, Buffer.concat(chunks));
        } catch {
          // PocketBase is restarting (or gone): what a proxy answers then
          return answer(res, 502);
        }
        if (fault && WRITES.has(req.method ?? '') && upstream.status < 300) lostWrites++;
        switch (fault) {
          case 'lost-5xx':
            return answer(res, opts.rand.pick([500, 503]));
          case 'lost-429':
            return answer(res, 429);
          case 'lost-hang':
            return hold(req.socket);
          case 'lost-cut': {
            const headers = { ...upstream.headers, 'content-length': String(upstream.body.length) };
            res.writeHead(upstream.status, headers);
            res.write(upstream.body.subarray(0, Math.floor(upstream.body.length / 2)));
            // the rest never arrives
            return setImmediate(() => req.socket.destroy());
          }
        }
        const headers = { ...upstream.headers };
        delete headers['transfer-encoding'];
        headers['content-length'] = String(upstream.body.length);
        res.writeHead(upstream.status, headers);
        res.end(upstream.body);
      })().catch(() => req.socket.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get plan() {
      return state.plan;
    },
    set plan(plan: FaultPlan | null) {
      state.plan = plan;
    },
    get storedNotAcknowledged() {
      return lostWrites;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
