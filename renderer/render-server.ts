// The server renderer: a Node process beside PocketBase, reachable only on loopback. PocketBase
// stays the one public server; its page route (pb_hooks/lib/pages/ssr.js) asks this process for the
// HTML of public pages.
//   GET  /health                       → 200 "ok"
//   GET  /stats                        → 200 JSON {renders} (pages rendered since start)
//   GET  /render?url=/path?query&currency=eur|sek|usd[&frame=1]
//                                      → 200 JSON {kind:"page", status, head, html, state, build, seq,
//                                          routes, preload}
//                                        | {kind:"redirect", location} | 503 {kind:"error", message}
//   POST /images {src, widths}         → 200 JSON {kind:"images", width, height, files:[{width, path}]}
//     (Authorization: Bearer RENDER_SECRET) | 400/500 {kind:"error", message}; 403 without the
//                                        secret; 503 no usable work folder (renderer/image-variants.ts)
//   POST /certificates {kind, out, …}  → 200 JSON {kind:"certificate", bytes}: the PDF written to `out` in
//     (the same secret and folder)       the work folder | 400/500/403/503 as /images (renderer/certificates.ts)
// Answers are JSON (PocketBase's $http.send parses JSON bodies itself).
// Env: RENDER_PORT (8091), RENDER_HOST (127.0.0.1), PB_URL (where PocketBase answers), SITE_URL,
// RENDER_SECRET (what PocketBase sends with /images), IMAGE_WORK_DIR (the images' work folder),
// RENDER_SOURCE_IP (the loopback address its reads from PocketBase come from; 127.0.0.2).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { render } from '@/entry-server';
import { CertificateError, makeCertificate, parseCertificateRequest } from './certificates';
import { makeVariants, parseVariantRequest, VariantError, workFolder } from './image-variants';
import { readFromOwnAddress, sourceAddress } from './pocketbase-source';

const port = Number(process.env.RENDER_PORT ?? 8091);
// reads from PocketBase get a rate-limit budget of their own (renderer/pocketbase-source.ts)
const source = sourceAddress(process.env.PB_URL, process.env.RENDER_SOURCE_IP);
if (source && process.env.PB_URL) readFromOwnAddress(process.env.PB_URL, source);
const host = process.env.RENDER_HOST ?? '127.0.0.1';
/** The client build this bundle was built with; the hook serves the shell when its shell differs. */
const build = import.meta.env.ATELIER_CLIENT_ENTRY ?? '';
/** The client chunks each route's pages need besides the app's start, from the same build. */
const routeChunks = import.meta.env.ATELIER_ROUTE_CHUNKS ?? {};

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

const json = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

let renders = 0;

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://renderer');
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, 'text/plain', 'ok');

  if (req.method === 'GET' && url.pathname === '/stats') return json(res, 200, { renders });

  if (req.method === 'GET' && url.pathname === '/render') {
    const target = url.searchParams.get('url') ?? '';
    if (!target.startsWith('/') || target.startsWith('//')) return json(res, 400, { kind: 'error', message: 'url' });
    const started = performance.now();
    renders++;
    const result = await render(target, url.searchParams.get('currency'), url.searchParams.get('frame') === '1');
    res.setHeader('x-render-ms', (performance.now() - started).toFixed(1));
    if (result.kind === 'error') {
      console.warn(`[render] ${target}: ${result.message}`);
      return json(res, 503, result);
    }
    // `seq` numbers the renders, so a cached page shows which render it came from; `preload`
    // is what the page asks for with the app's start (pb_hooks/lib/pages/ssr.js)
    const routes = result.kind === 'page' ? result.routes : [];
    const preload = [...new Set(routes.flatMap((id) => routeChunks[id] ?? []))];
    return json(res, 200, { ...result, build, seq: renders, preload });
  }

  if (req.method === 'POST' && url.pathname === '/images') {
    // only PocketBase, which holds the secret: anything else on this machine is refused unread
    if (!fromPocketBase(req)) return json(res, 403, { kind: 'error', message: 'not allowed' });
    let root: string;
    try {
      root = workFolder();
    } catch (err) {
      console.error(`[images] ${err instanceof Error ? err.message : err}`);
      return json(res, 503, { kind: 'error', message: 'no usable work folder' });
    }
    try {
      const result = await makeVariants(parseVariantRequest(JSON.parse(await readBody(req)), root));
      return json(res, 200, { kind: 'images', ...result });
    } catch (err) {
      const bad = err instanceof VariantError || err instanceof SyntaxError;
      if (!bad) console.error('[images] failed:', err);
      return json(res, bad ? 400 : 500, { kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }

  if (req.method === 'POST' && url.pathname === '/certificates') {
    if (!fromPocketBase(req)) return json(res, 403, { kind: 'error', message: 'not allowed' });
    let root: string;
    try {
      root = workFolder();
    } catch (err) {
      console.error(`[certificates] ${err instanceof Error ? err.message : err}`);
      return json(res, 503, { kind: 'error', message: 'no usable work folder' });
    }
    try {
      const bytes = await makeCertificate(parseCertificateRequest(JSON.parse(await readBody(req)), root));
      return json(res, 200, { kind: 'certificate', bytes });
    } catch (err) {
      const bad = err instanceof CertificateError || err instanceof VariantError || err instanceof SyntaxError;
      if (!bad) console.error('[certificates] failed:', err);
      return json(res, bad ? 400 : 500, { kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }

  send(res, 404, 'text/plain', 'not found');
}

const secretDigest = process.env.RENDER_SECRET
  ? createHash('sha256').update(`Bearer ${process.env.RENDER_SECRET}`).digest()
  : null;

/** The request carries RENDER_SECRET (compared in constant time); never true without one set. */
function fromPocketBase(req: IncomingMessage): boolean {
  if (!secretDigest) return false;
  const given = createHash('sha256')
    .update(String(req.headers.authorization ?? ''))
    .digest();
  return timingSafeEqual(given, secretDigest);
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) throw new VariantError('body: too large');
  }
  return body;
}

const server = createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(`[render] ${req.method} ${req.url} failed:`, err);
    if (!res.headersSent) json(res, 500, { kind: 'error', message: String(err) });
    else res.destroy();
  });
});
// PocketBase keeps its connection open between pages; a render never needs long.
server.keepAliveTimeout = 30_000;
server.requestTimeout = 60_000;

server.listen(port, host, () => {
  console.log(
    `[render] server renderer on http://${host}:${port} (PocketBase at ${process.env.PB_URL ?? '?'}${source ? `, read from ${source}` : ''})`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
