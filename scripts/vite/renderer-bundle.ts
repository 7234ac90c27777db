// Builds the server renderer (vite.renderer.config.ts) right after the client, in the same
// `vite build`: the renderer's markup must come from the same sources as the client that
// hydrates it. It is told the client's entry file, which the hooks compare with the shell they
// serve, and the chunks each route needs (scripts/vite/route-chunks.ts), which a rendered page
// asks for with the app's start. (The app has one stylesheet, linked by the shell:
// vite.config.ts cssCodeSplit.)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { routeChunks } from './route-chunks';

export function rendererBundle(): Plugin {
  let root = process.cwd();
  let entry = '';
  let chunks: Record<string, string[]> = {};
  return {
    name: 'atelier-renderer-bundle',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'))
          entry = chunk.fileName;
      }
      if (entry) {
        const tree = readFileSync(resolve(root, 'src/routeTree.gen.ts'), 'utf8');
        chunks = routeChunks(tree, bundle, resolve(root, 'src/routes'));
      }
    },
    async closeBundle() {
      if (!entry) return; // the service worker's own build, not the app's
      const outDir = resolve(root, process.env.SSR_OUT_DIR ?? 'dist-ssr');
      await build({
        configFile: resolve(root, 'vite.renderer.config.ts'),
        root,
        logLevel: 'warn',
        define: {
          'import.meta.env.ATELIER_CLIENT_ENTRY': JSON.stringify(entry.replace(/^assets\//, '')),
          'import.meta.env.ATELIER_ROUTE_CHUNKS': JSON.stringify(chunks),
        },
        build: { outDir },
      });
    },
  };
}
