// A device's side of the network in a fault run: whether it has a connection at all (a phone
// on a train). Everything that goes wrong once a request is out comes from the proxy in front
// of the server (fault-proxy.ts). Every fault injected is counted by kind.
import { PROXY_FAULTS } from './fault-proxy';

const FAULT_KINDS = [
  'offline',
  ...PROXY_FAULTS,
  'server-restart',
  'tab-killed',
  'two-tabs',
  'skewed-clock',
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

export class Link {
  online = true;

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (!this.online) throw new TypeError('fetch failed: the device is offline');
    return fetch(input, init);
  };
}
