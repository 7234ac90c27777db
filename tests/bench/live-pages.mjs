// The open pages of the live-count bench (tests/bench/live-count.mjs), in a process of their own.
// In the bench's process the pages shared one event loop with the buyers whose answer times are
// measured: every count message the 2,000 pages parse delayed the buyers' clocks, so the pages'
// cost to the harness was counted as the server's. Real pages are other browsers; here they
// still share the machine's two cores, as the buyers and PocketBase do.
// Run by startPagesProcess() (fork, IPC): {cmd: 'open', mode, base, printId, n, pollMs} →
// {opened, seconds}; {cmd: 'status'} → {soldOut}; {cmd: 'close'} → {pages} (each page's record).
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The loopback address of open page `i` (away from the buyers' 127.10.x.x range). */
const pageAddress = (i) => `127.${200 + (i >> 8)}.${i & 255}.2`;

/** The subscription the app makes (src/lib/stock/live-stock.ts: every print's count). */
const LIVE_TOPIC = 'print_stock/*';

/**
 * One page on the realtime stream: connects, subscribes as the app does, and notes when a
 * message says its print is sold out, and any message that raised the count it showed.
 * Resolves once subscribed.
 */
function realtimePage(base, printId, i) {
  const { hostname, port } = new URL(base);
  const localAddress = pageAddress(i);
  const page = { soldOutAt: 0, messages: 0, shown: null, version: -1, late: 0, rises: 0, seen: [], close: () => {} };
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname,
      port,
      path: '/api/realtime',
      localAddress,
      agent: false,
      headers: { accept: 'text/event-stream' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      page.close = () => res.destroy();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event = /^event:(.*)$/m.exec(block)?.[1];
          const data = /^data:(.*)$/m.exec(block)?.[1] ?? '';
          if (event === 'PB_CONNECT') {
            const { clientId } = JSON.parse(data);
            const body = JSON.stringify({ clientId, subscriptions: [LIVE_TOPIC] });
            const sub = request({
              host: hostname,
              port,
              path: '/api/realtime',
              method: 'POST',
              localAddress,
              agent: false,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            });
            sub.on('response', (r) => {
              r.resume();
              r.on('end', () =>
                r.statusCode === 204 ? resolve(page) : reject(new Error(`subscribe: ${r.statusCode}`)),
              );
            });
            sub.on('error', reject);
            sub.end(body);
          } else if (event) {
            page.messages += 1;
            const record = JSON.parse(data).record;
            if (record?.id !== printId) continue;
            page.seen.push(record.available);
            // as the app does (newerCounts): a message older than the count shown is ignored
            if (record.version <= page.version) {
              page.late += 1;
              continue;
            }
            page.version = record.version;
            // in a drop the count only falls: a page that shows a rise shows a stale count
            if (page.shown !== null && record.available > page.shown) page.rises += 1;
            page.shown = record.available;
            if (record.available === 0 && !page.soldOutAt) page.soldOutAt = Date.now();
          }
        }
      });
    });
    req.end();
  });
}

/** One page polling the print's count every `everyMs` (jittered start), on a kept-alive connection. */
function pollingPage(base, printId, i, everyMs) {
  const { hostname, port } = new URL(base);
  const page = { soldOutAt: 0, messages: 0, errors: 0, stopped: false, close: () => (page.stopped = true) };
  const socket = { agent: null };
  const tick = () => {
    if (page.stopped) return;
    const req = request(
      {
        host: hostname,
        port,
        path: `/api/collections/print_stock/records/${printId}?fields=available`,
        localAddress: pageAddress(i),
        headers: { connection: 'keep-alive' },
        agent: socket.agent,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          page.messages += 1;
          try {
            if (JSON.parse(text).available === 0 && !page.soldOutAt) page.soldOutAt = Date.now();
          } catch {
            page.errors += 1;
          }
          setTimeout(tick, everyMs);
        });
      },
    );
    req.on('error', () => {
      page.errors += 1;
      setTimeout(tick, everyMs);
    });
    req.end();
  };
  return import('node:http').then(({ Agent }) => {
    socket.agent = new Agent({ keepAlive: true, maxSockets: 1 });
    setTimeout(tick, Math.random() * everyMs);
    const close = page.close;
    page.close = () => {
      close();
      socket.agent.destroy();
    };
    return page;
  });
}

/** Opens `n` pages, a few hundred at a time (as a crowd arrives before the release). */
async function openPages(n, open) {
  const pages = [];
  for (let i = 0; i < n; i += 200) {
    pages.push(...(await Promise.all(Array.from({ length: Math.min(200, n - i) }, (_, k) => open(i + k)))));
  }
  return pages;
}

/** Starts the pages' process; its pages are opened, counted and closed per drop. */
export async function startPagesProcess() {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let waiting = null;
  child.on('message', (m) => {
    const w = waiting;
    waiting = null;
    w?.resolve(m);
  });
  child.on('exit', (code) => waiting?.reject(new Error(`live-count pages process exited (${code})`)));
  const ask = (msg) =>
    new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      child.send(msg);
    }).then((m) => {
      if (m.error) throw new Error(`live-count pages: ${m.error}`);
      return m;
    });
  return {
    /** Opens `n` pages of `mode` on the print; resolves with the seconds it took. */
    open: async (mode, base, printId, n, pollMs) =>
      (await ask({ cmd: 'open', mode, base, printId, n, pollMs })).seconds,
    /** How many open pages have been told "sold out". */
    soldOut: async () => (await ask({ cmd: 'status' })).soldOut,
    /** Closes the pages; resolves with what each saw. */
    close: async () => (await ask({ cmd: 'close' })).pages,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.send) {
  let pages = [];
  process.on('message', async (m) => {
    try {
      if (m.cmd === 'open') {
        const t0 = performance.now();
        pages =
          m.mode === 'realtime'
            ? await openPages(m.n, (i) => realtimePage(m.base, m.printId, i))
            : await openPages(m.n, (i) => pollingPage(m.base, m.printId, i, m.pollMs));
        process.send({ opened: pages.length, seconds: (performance.now() - t0) / 1000 });
      } else if (m.cmd === 'status') {
        process.send({ soldOut: pages.filter((p) => p.soldOutAt).length });
      } else if (m.cmd === 'close') {
        for (const p of pages) p.close();
        // what each page saw, without its close()
        process.send({ pages: pages.map(({ close: _close, ...seen }) => seen) });
        pages = [];
      }
    } catch (err) {
      process.send({ error: String(err?.stack ?? err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
