// Builds the server renderer (vite.server.config.ts) right after the client, in the same
// `vite build`: the renderer's markup must come from the same sources as the client that
// hydrates it. It is told the client's entry file, which the hooks compare with the shell they
// serve, and per route file the stylesheets of its component chunk that the shell does not
// link: a rendered page links its routes' ones, or it would paint unstyled and shift when the
// route's chunk loads.
import { resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** CSS files of a chunk and of the chunks it imports statically (the shell links these). */
function cssOf(fileName: string, bundle: Rollup.OutputBundle, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const dep of chunk.imports) cssOf(dep, bundle, seen);
  return seen;
}

export function serverBundle(): Plugin {
  let root = process.cwd();
  let entry = '';
  let routeCss: Record<string, string[]> = {};
  return {
    name: 'atelier-server-bundle',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'))
          entry = chunk.fileName;
      }
      if (!entry) return;
      const linked = cssOf(entry, bundle);
      routeCss = {};
      for (const chunk of Object.values(bundle)) {
        // TanStack's code splitting names a route's component chunk by its file
        const route =
          chunk.type === 'chunk' && /\/src\/routes\/([^?]+)\.tsx\?tsr-split=component/.exec(chunk.facadeModuleId ?? '');
        if (!route || chunk.type !== 'chunk') continue;
        const css = [...cssOf(chunk.fileName, bundle)].filter((f) => f.endsWith('.css') && !linked.has(f));
        if (css.length) routeCss[route[1] as string] = css.sort();
      }
    },
    async closeBundle() {
      if (!entry) return; // the service worker's own build, not the app's
      const outDir = resolve(root, process.env.SSR_OUT_DIR ?? 'dist-ssr');
      await build({
        configFile: resolve(root, 'vite.server.config.ts'),
        root,
        logLevel: 'warn',
        define: {
          'import.meta.env.ATELIER_CLIENT_ENTRY': JSON.stringify(entry.replace(/^assets\//, '')),
          'import.meta.env.ATELIER_ROUTE_CSS': JSON.stringify(routeCss),
        },
        build: { outDir },
      });
    },
  };
}
