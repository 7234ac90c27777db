// PocketBase with the seeded demo content and the server renderer beside it, as `npm start`
// runs them (needs the build: dist/ and dist-ssr/).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../scripts/lib/pb-run.mjs';
import { RENDERER_ENTRY, rendererLink, startRenderer } from '../../scripts/lib/renderer.mjs';
import { startPocketBase, type TestPocketBase } from './pocketbase';

export type TestRenderer = Awaited<ReturnType<typeof startRenderer>>;

export interface TestSite {
  pb: TestPocketBase;
  renderer: TestRenderer;
  renderPort: number;
  /** Starts a renderer again on the same port (after the test stopped it). */
  startRenderer(): Promise<TestRenderer>;
}

export async function startSite(): Promise<TestSite> {
  if (!existsSync(RENDERER_ENTRY) || !existsSync(resolve('dist', 'index.html'))) {
    throw new Error('build first (npm run build): these tests serve dist/ and run dist-ssr/');
  }
  const renderPort = await freePort();
  // seeded before the renderer starts, as `npm start` does
  const link = rendererLink();
  const pb = await startPocketBase({ seed: true, env: { RENDER_PORT: String(renderPort), ...link } });
  const again = () =>
    startRenderer({ port: renderPort, pbUrl: pb.url, siteUrl: pb.url, env: { ...process.env, ...link } });
  return { pb, renderer: await again(), renderPort, startRenderer: again };
}
