// The renderer's reads from PocketBase come from their own loopback address (127.0.0.2 unless
// RENDER_SOURCE_IP says otherwise), so PocketBase's per-address rate limits give them a budget
// of their own: visitors reaching PocketBase from 127.0.0.1 (a local proxy, the machine
// itself) cannot spend it and starve the pages' renders. Only requests to PB_URL are routed
// this way, and only when PB_URL is on loopback (an address of that range can reach it).
import { request } from 'node:http';

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** The source address for reads from `pbUrl`, or "" when they go out as any other request. */
export function sourceAddress(pbUrl: string | undefined, configured: string | undefined): string {
  if (!pbUrl) return '';
  let host: string;
  try {
    host = new URL(pbUrl).hostname;
  } catch {
    return '';
  }
  if (host !== 'localhost' && !LOOPBACK_V4.test(host)) return '';
  const address = configured ?? '127.0.0.2';
  return LOOPBACK_V4.test(address) ? address : '';
}

/** One request to PocketBase over node:http from `localAddress`, answered as fetch answers. */
function fetchFrom(localAddress: string, url: URL, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = new Headers(init.headers);
    const req = request(url, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers.entries()),
      localAddress,
      family: 4,
      // ask for 127.0.0.1 when PB_URL says localhost: the source is an IPv4 address
      lookup: (_host, _opts, done) => done(null, '127.0.0.1', 4),
    });
    const abort = () => req.destroy(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) return abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    req.on('error', (err) => {
      init.signal?.removeEventListener('abort', abort);
      reject(new TypeError('fetch failed', { cause: err }));
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        init.signal?.removeEventListener('abort', abort);
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) out.append(name, v);
          else if (value !== undefined) out.set(name, value);
        }
        const status = res.statusCode ?? 502;
        const empty = status === 204 || status === 304 || (init.method ?? 'GET') === 'HEAD';
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
      });
    });
    if (init.body !== undefined && init.body !== null) req.end(init.body as string | Uint8Array);
    else req.end();
  });
}

/**
 * Routes this process's fetches to `pbUrl` through `localAddress`; the rest are untouched. A
 * system where that address cannot be used (only 127.0.0.1 on loopback, as macOS has) falls
 * back to plain requests once, with a line in the log.
 */
export function readFromOwnAddress(pbUrl: string, localAddress: string): void {
  const origin = new URL(pbUrl).origin;
  const plain = globalThis.fetch;
  let usable = true;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href);
    if (!usable || url.origin !== origin || (typeof input === 'object' && !(input instanceof URL)))
      return plain(input, init);
    try {
      return await fetchFrom(localAddress, url, init);
    } catch (err) {
      const code = (err as { cause?: NodeJS.ErrnoException }).cause?.code;
      if (code !== 'EADDRNOTAVAIL' && code !== 'EINVAL') throw err;
      usable = false;
      console.warn(`[render] cannot read PocketBase from ${localAddress} (${code}): reading from the default address`);
      return plain(input, init);
    }
  };
}
