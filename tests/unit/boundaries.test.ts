// The PWA's imports point one way (docs/architecture.md "Client"):
//   entry (src/*.tsx) → routes → app → features → ui → styles → lib
// A file imports its own layer or the ones below it; a feature imports only itself (what two
// features share lives in ui/ or lib/); ui/, styles/ and lib/ never import a feature. The one
// named exception is the route tree the router plugin generates (src/routeTree.gen.ts): it
// imports every route, and only the router (src/router.tsx) imports it. Beside the layers:
// only lib/pocketbase uses the PocketBase SDK, only lib/offline uses Dexie, the service
// worker (src/sw.ts, src/sw/) uses only lib/, and the renderer (renderer/) enters the app
// only through src/entry-server.tsx.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

interface SourceFile {
  /** Path from the repository root, e.g. "src/features/shop/api/cart.ts". */
  path: string;
  text: string;
}

const ENTRY_FILES = new Set(['main', 'entry-server', 'start', 'App', 'router']);
const ROUTE_TREE = 'src/routeTree.gen';
const ROUTER = 'src/router';
/** Higher layers may import lower ones (larger numbers), never the other way. */
const RANK = { entry: 0, 'route tree': 1, routes: 2, app: 3, feature: 4, ui: 5, styles: 6, lib: 7 } as const;
type Layer = keyof typeof RANK | 'sw' | 'outside';
/** Packages only one folder of lib/ may import (the rest of the app goes through it). */
const OWNED_PACKAGES: Record<string, string> = {
  pocketbase: 'src/lib/pocketbase/',
  dexie: 'src/lib/offline/',
  'dexie-react-hooks': 'src/lib/offline/',
};

/** A path from the repository root without its extension ("src/app/layout/TopBar"). */
const stem = (path: string) => path.replace(/\.(tsx?|mjs|js)$/, '');

function layerOf(path: string): { layer: Layer; feature?: string } {
  const p = stem(path);
  if (!p.startsWith('src/')) return { layer: 'outside' };
  const parts = p.slice('src/'.length).split('/');
  if (parts.length === 1) {
    if (p === ROUTE_TREE) return { layer: 'route tree' };
    if (parts[0] === 'sw') return { layer: 'sw' };
    if (ENTRY_FILES.has(parts[0]!)) return { layer: 'entry' };
    return { layer: 'outside' };
  }
  switch (parts[0]) {
    case 'routes':
      return { layer: 'routes' };
    case 'app':
      return { layer: 'app' };
    case 'features':
      return { layer: 'feature', feature: parts[1] };
    case 'ui':
      return { layer: 'ui' };
    case 'styles':
      return { layer: 'styles' };
    case 'lib':
      return { layer: 'lib' };
    case 'sw':
      return { layer: 'sw' };
    default:
      return { layer: 'outside' };
  }
}

/** Every module a file names: static imports and re-exports, and dynamic imports of a literal. */
function specifiersOf(file: SourceFile): string[] {
  const result = parseSync(file.path, file.text);
  if (result.errors.length) throw new Error(`${file.path}: ${result.errors[0]!.message}`);
  const mod = result.module;
  const specs = mod.staticImports.map((i) => i.moduleRequest.value);
  for (const e of mod.staticExports)
    for (const entry of e.entries) if (entry.moduleRequest) specs.push(entry.moduleRequest.value);
  for (const d of mod.dynamicImports) {
    const literal = /^(['"`])([^'"`$]*)\1$/.exec(file.text.slice(d.moduleRequest.start, d.moduleRequest.end));
    if (literal) specs.push(literal[2]!);
  }
  return [...new Set(specs)];
}

/** The target as a path from the root ("src/lib/env"), or the package name ("@tanstack/react-query"). */
function target(from: string, spec: string): { path?: string; pkg?: string } {
  if (spec.startsWith('@/')) return { path: `src/${spec.slice(2)}` };
  if (spec.startsWith('.')) return { path: relative(ROOT, resolve(ROOT, dirname(from), spec)) };
  const [first, second] = spec.split('/');
  return { pkg: first!.startsWith('@') ? `${first}/${second}` : first };
}

/** Every import that breaks a rule above, as "file → import: why". */
function violations(files: SourceFile[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    for (const spec of specifiersOf(file)) {
      const to = target(file.path, spec);
      const say = (why: string) => out.push(`${file.path} → ${spec}: ${why}`);
      if (to.pkg) {
        const owner = Object.entries(OWNED_PACKAGES).find(([pkg]) => pkg === to.pkg)?.[1];
        if (owner && from.layer !== 'entry' && file.path.startsWith('src/') && !file.path.startsWith(owner))
          say(`only ${owner} imports ${to.pkg}`);
        continue;
      }
      const path = stem(to.path!);
      const dest = layerOf(path);
      if (file.path.startsWith('renderer/')) {
        if (path.startsWith('src/') && path !== 'src/entry-server')
          say('the renderer enters the app only through src/entry-server.tsx');
        continue;
      }
      if (dest.layer === 'outside') {
        if (!path.startsWith('src/')) say('the app imports nothing outside src/');
        continue;
      }
      if (from.layer === 'sw' || dest.layer === 'sw') {
        if (from.layer !== 'sw' || (dest.layer !== 'lib' && dest.layer !== 'sw'))
          say('the service worker imports only lib/, and nothing imports it');
        continue;
      }
      if (dest.layer === 'route tree' && stem(file.path) !== ROUTER) {
        say('only src/router.tsx imports the generated route tree');
        continue;
      }
      if (dest.layer === 'routes' && from.layer !== 'routes' && from.layer !== 'route tree') {
        say('only the generated route tree imports routes');
        continue;
      }
      if (from.layer === 'outside') {
        say('this file is in no layer (src/ holds only the entry files beside the folders)');
        continue;
      }
      if (RANK[dest.layer] < RANK[from.layer]) {
        say(`${from.layer} may not import ${dest.layer} (imports point one way)`);
        continue;
      }
      if (from.layer === 'feature' && dest.layer === 'feature' && from.feature !== dest.feature)
        say(`features do not import each other (${from.feature} → ${dest.feature})`);
    }
  }
  return out;
}

function sourcesUnder(dir: string): SourceFile[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
    .map((d) => {
      const path = relative(ROOT, join(d.parentPath, d.name));
      return { path, text: readFileSync(join(ROOT, path), 'utf8') };
    });
}

describe('one-way imports in the PWA', () => {
  const files = [...sourcesUnder('src'), ...sourcesUnder('renderer')];

  it('every import in src/ and renderer/ follows the rules', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(violations(files)).toEqual([]);
  });

  it('reads every kind of import (so a broken import cannot hide)', () => {
    const specs = specifiersOf({
      path: 'src/x.tsx',
      text: "import a from '@/a';\nimport type { B } from './b';\nexport { c } from '../c';\nimport '@/d.css';\nconst e = () => import('@/e');\n",
    });
    expect(specs).toEqual(['@/a', './b', '@/d.css', '../c', '@/e']);
  });

  it('catches each kind of crossing', () => {
    const file = (path: string, spec: string) => ({ path, text: `import x from '${spec}';\nexport { x };\n` });
    const found = violations([
      file('src/features/shop/components/Cart.tsx', '@/features/course/api/course'),
      file('src/features/shop/components/Cart.tsx', '../../course/api/course'),
      file('src/ui/button/Button.tsx', '@/features/shop/store'),
      file('src/lib/env.ts', '@/ui/toast/toast-store'),
      file('src/lib/env.ts', '@/features/shop/store'),
      file('src/styles/theme.css.ts', '@/ui/button/button.css'),
      file('src/features/shop/components/Cart.tsx', '@/app/layout/TopBar'),
      file('src/app/layout/TopBar.tsx', '@/routes/index'),
      file('src/app/router.tsx', '@/routeTree.gen'),
      file('src/features/shop/api/cart.ts', 'pocketbase'),
      file('src/features/course/api/progress.ts', 'dexie'),
      file('src/sw.ts', '@/features/course/api/course'),
      file('renderer/render-server.ts', '@/app/App'),
    ]);
    expect(found).toHaveLength(13);
    // and what is allowed stays allowed
    expect(
      violations([
        file('src/routes/index.tsx', '@/app/layout/SiteLayout'),
        file('src/app/layout/TopBar.tsx', '@/features/shop/components/CartButton'),
        file('src/features/shop/components/Cart.tsx', '../api/cart'),
        file('src/features/shop/components/Cart.tsx', '@/ui/button/Button'),
        file('src/ui/button/Button.tsx', '@/styles/theme.css'),
        file('src/lib/offline/db.ts', 'dexie'),
        file('src/router.tsx', '@/routeTree.gen'),
        file('src/routeTree.gen.ts', './routes/index'),
        file('src/sw.ts', './lib/offline/media-keys'),
        file('renderer/render-server.ts', '@/entry-server'),
      ]),
    ).toEqual([]);
  });
});
