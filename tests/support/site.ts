// PocketBase with the seeded demo content and the server renderer beside it, as `npm start`
// runs them (needs the build: dist/ and dist-ssr/).
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { resolve } from 'node:path';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { RENDERER_ENTRY, rendererLink, startRenderer } from '../../scripts/lib/renderer.mjs';
import { startPocketBase, type TestPocketBase } from './pocketbase';

export type TestRenderer = Awaited<ReturnType<typeof startRenderer>>;

export interface TestSite {
  pb: TestPocketBase;
  renderer: TestRenderer;
  renderPort: number;
  /** Starts a renderer again on the same port (after the test stopped it). */
  startRenderer(): Promise<TestRenderer>;
  /**
   * With `slowRenders`: page URLs whose render the renderer answers this many ms late (a
   * proxy in front of it holds the answer back).
   */
  slowRenders: Map<string, number>;
  stop(): Promise<void>;
}

/** Stands between PocketBase and the renderer and holds back the answers of slow renders. */
async function delayingProxy(port: number, target: () => number, slow: Map<string, number>): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://renderer');
    const delay = (url.pathname === '/render' && slow.get(url.searchParams.get('url') ?? '')) || 0;
    const out = request(
      { host: '127.0.0.1', port: target(), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        setTimeout(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }, delay);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return server;
}

export async function startSite(opts: { slowRenders?: boolean; env?: Record<string, string> } = {}): Promise<TestSite> {
  if (!existsSync(RENDERER_ENTRY) || !existsSync(resolve('dist', 'index.html'))) {
    throw new Error('build first (npm run build): these tests serve dist/ and run dist-ssr/');
  }
  const renderPort = await quietPort();
  const rendererPort = opts.slowRenders ? await quietPort() : renderPort;
  const slowRenders = new Map<string, number>();
  // seeded before the renderer starts, as `npm start` does
  const link = rendererLink();
  const pb = await startPocketBase({ seed: true, env: { RENDER_PORT: String(renderPort), ...link, ...opts.env } });
  // after the seed: it runs while this process waits for it, so a proxy here could not answer
  const proxy = opts.slowRenders ? await delayingProxy(renderPort, () => rendererPort, slowRenders) : null;
  const again = () =>
    startRenderer({ port: rendererPort, pbUrl: pb.url, siteUrl: pb.url, env: { ...process.env, ...link } });
  const renderer = await again();
  // a first render loads the app's modules: done here, so no test's first page pays for it
  await fetch(`${renderer.url}/render?url=${encodeURIComponent('/about')}`).catch(() => undefined);
  const site: TestSite = {
    pb,
    renderer,
    renderPort,
    startRenderer: again,
    slowRenders,
    async stop() {
      await site.renderer.stop();
      await pb.stop();
      await new Promise((r) => proxy?.close(r) ?? r(undefined));
    },
  };
  return site;
}
