import type { Rollup } from 'vite';

// Which of the client's chunks each route needs to show, for the server renderer: a
// server-rendered page asks for them with the app's start chunks (the boot script's
// data-preload, pb_hooks/lib/pages/ssr.js), instead of once the app has started and its
// router has found the route. That was one more round trip before hydration (~600 ms on
// Lighthouse's slow 4G: /print-editions' print-editions, live-stock, availability and
// ShopPage.css chunks were asked for only after start.tsx had run).

const IMPORT = /import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g;
const UPDATE = /const (\w+) =\s*(\w+)\.update\(\{\s*id: '([^']+)',[\s\S]*?getParentRoute: \(\) => (\w+),/g;

/**
 * Route id (as the router names its matches: "/print-editions", "/news/$slug",
 * "/_authed/downloads") → its file under src/routes without the extension, read from the
 * route tree TanStack Router generates (src/routeTree.gen.ts).
 */
export function routeFilesById(routeTree: string): Record<string, string> {
  const fileOf = new Map<string, string>();
  for (const [, name, file] of routeTree.matchAll(IMPORT)) fileOf.set(name as string, file as string);
  const routes = new Map<string, { file: string; id: string; parent: string }>();
  for (const [, name, imported, id, parent] of routeTree.matchAll(UPDATE)) {
    const file = fileOf.get(imported as string);
    if (file) routes.set(name as string, { file, id: id as string, parent: parent as string });
  }
  const fullId = (name: string): string => {
    const route = routes.get(name);
    if (!route) return '';
    return `${fullId(route.parent)}${route.id}`;
  };
  const byId: Record<string, string> = {};
  for (const [name, route] of routes) byId[fullId(name)] = route.file;
  return byId;
}

/**
 * Route file (under `routesDir`, without the extension) → the chunks its code-split parts are
 * in, with everything those import but the entry, as root-relative URLs
 * ("/assets/print-editions-….js"); the hook leaves out what the boot script asks for anyway.
 */
export function chunksByRouteFile(bundle: Rollup.OutputBundle, routesDir: string): Record<string, string[]> {
  const dir = `${routesDir.replace(/\/$/, '')}/`;
  const byFile: Record<string, Set<string>> = {};
  const withImports = (fileName: string, into: Set<string>) => {
    const chunk = bundle[fileName];
    // the entry is the app itself: the boot script asks for it (and what it imports) anyway
    if (chunk?.type !== 'chunk' || chunk.isEntry || into.has(`/${fileName}`)) return;
    into.add(`/${fileName}`);
    for (const dep of chunk.imports) withImports(dep, into);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
    // the router plugin's split parts: <routes dir>/<file>.tsx?tsr-split=component; the
    // not-found and error components' parts are only asked for when the page shows one
    const [path, query = ''] = chunk.facadeModuleId.split('?');
    const split = new URLSearchParams(query).get('tsr-split') ?? '';
    if (!path?.startsWith(dir) || !split.split('---').includes('component')) continue;
    const file = path.slice(dir.length).replace(/\.[jt]sx?$/, '');
    byFile[file] ??= new Set();
    withImports(chunk.fileName, byFile[file]);
  }
  return Object.fromEntries(Object.entries(byFile).map(([file, set]) => [file, [...set]]));
}

/** Route id → the chunks a page of that route needs besides the app's start (see above). */
export function routeChunks(
  routeTree: string,
  bundle: Rollup.OutputBundle,
  routesDir: string,
): Record<string, string[]> {
  const files = chunksByRouteFile(bundle, routesDir);
  const out: Record<string, string[]> = {};
  for (const [id, file] of Object.entries(routeFilesById(routeTree))) {
    const chunks = files[file];
    if (chunks?.length) out[id] = chunks;
  }
  return out;
}
