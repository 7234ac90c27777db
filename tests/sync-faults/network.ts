// A device's link to the server: offline periods, and per request a seeded chance of a fault
// (no connection, a connection cut after the server answered, 500/503/429, a request that
// hangs until its sender gives up). Every fault injected is counted by kind.
import type { Rand } from './prng';
import type { CuttingProxy } from './tcp-proxy';

export const FAULT_KINDS = [
  'offline',
  'no-connection',
  'cut-mid-response',
  'http-500',
  'http-503',
  'http-429',
  'hang',
  'server-restart',
  'tab-killed',
  'two-tabs',
  'two-devices-skewed-clocks',
  'clock-not-measured',
  'token-expired-offline',
  'other-account-signed-in',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export class FaultCounter {
  readonly counts = new Map<FaultKind, number>();
  add(kind: FaultKind, n = 1) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }
}

export type RequestFault = 'no-connection' | 'cut-mid-response' | 'http-500' | 'http-503' | 'http-429' | 'hang';

export class Link {
  online = true;
  /** Chance that a request meets a fault, and which ones. */
  plan: { rate: number; kinds: readonly RequestFault[] } | null = null;

  constructor(
    private readonly rand: Rand,
    private readonly faults: FaultCounter,
    private readonly proxy: CuttingProxy,
    /** The device's address (each device is rate-limited apart, as real phones are). */
    private readonly ip: string,
  ) {}

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = { ...(init.headers as Record<string, string>), 'x-forwarded-for': this.ip };
    const request = { ...init, headers };
    if (!this.online) throw new TypeError('fetch failed: the device is offline');
    if (this.plan && this.rand() < this.plan.rate) {
      let kind = this.rand.pick(this.plan.kinds);
      // only a request with a way to give up can hang (the outbox's sends all have one)
      if (kind === 'hang' && !init.signal) kind = 'no-connection';
      this.faults.add(kind);
      switch (kind) {
        case 'http-500':
        case 'http-503':
        case 'http-429': {
          const status = Number(kind.slice(5));
          return Response.json({ status, message: `Injected ${status}.`, data: {} }, { status });
        }
        case 'hang':
          return new Promise<Response>((_, reject) => {
            const signal = init.signal as AbortSignal;
            signal.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), { once: true });
          });
        case 'no-connection':
          throw new TypeError('fetch failed: connection refused');
        case 'cut-mid-response':
          return fetch(this.proxy.via(url), request);
      }
    }
    return fetch(url, request);
  };
}
