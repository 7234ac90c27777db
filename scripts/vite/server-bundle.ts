// Builds the server renderer (vite.server.config.ts) right after the client, in the same
// `vite build`: the renderer's markup must come from the same sources as the client that
// hydrates it. It is told the client's entry file, which the hooks compare with the shell they
// serve. sharp (native) is copied beside the bundle, so its folder runs on its own.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';

/** sharp and what it loads at run time, for this platform only. */
function copySharp(root: string, outDir: string) {
  const modules = join(root, 'node_modules');
  const names = ['sharp', 'detect-libc', 'semver', '@img/colour'];
  if (existsSync(join(modules, '@img'))) {
    for (const name of readdirSync(join(modules, '@img'))) if (name.startsWith('sharp-')) names.push(`@img/${name}`);
  }
  for (const name of names) {
    if (existsSync(join(modules, name)))
      cpSync(join(modules, name), join(outDir, 'node_modules', name), { recursive: true });
  }
}

export function serverBundle(): Plugin {
  let root = process.cwd();
  let entry = '';
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
    },
    async closeBundle() {
      if (!entry) return; // the service worker's own build, not the app's
      const outDir = resolve(root, process.env.SSR_OUT_DIR ?? 'dist-ssr');
      await build({
        configFile: resolve(root, 'vite.server.config.ts'),
        root,
        logLevel: 'warn',
        define: { 'import.meta.env.ATELIER_CLIENT_ENTRY': JSON.stringify(entry.replace(/^assets\//, '')) },
        build: { outDir },
      });
      copySharp(root, outDir);
    },
  };
}
