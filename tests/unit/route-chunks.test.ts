// Which client chunks each route's page asks for with the app's start (scripts/vite/route-chunks.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunksByRouteFile, routeChunks, routeFilesById } from '../../scripts/vite/route-chunks';

const ROUTES = '/app/src/routes';
const tree = readFileSync(resolve(__dirname, '../../src/routeTree.gen.ts'), 'utf8');

/** A client bundle as Rollup hands it to generateBundle: only what route-chunks.ts reads. */
function chunk(fileName: string, imports: string[], more: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    ...more,
  } as Rollup.OutputChunk;
}
const bundle = Object.fromEntries(
  [
    chunk('assets/index-E.js', ['assets/react-R.js'], { isEntry: true, facadeModuleId: '/app/index.html' }),
    chunk('assets/react-R.js', []),
    chunk('assets/print-editions-P.js', ['assets/index-E.js', 'assets/live-stock-L.js', 'assets/react-R.js'], {
      isDynamicEntry: true,
      facadeModuleId: `${ROUTES}/print-editions.tsx?tsr-split=component`,
    }),
    chunk('assets/live-stock-L.js', ['assets/react-R.js']),
    chunk('assets/print-view-V.js', ['assets/live-stock-L.js'], {
      isDynamicEntry: true,
      facadeModuleId: `${ROUTES}/print-view.tsx?tsr-split=component`,
    }),
    chunk('assets/print-view-N.js', ['assets/gone-G.js'], {
      isDynamicEntry: true,
      facadeModuleId: `${ROUTES}/print-view.tsx?tsr-split=notFoundComponent`,
    }),
    chunk('assets/gone-G.js', []),
    chunk('assets/news._slug-S.js', [], {
      isDynamicEntry: true,
      facadeModuleId: `${ROUTES}/news.$slug.tsx?tsr-split=component`,
    }),
    // a lazy chunk that is no route's (the cart sheet)
    chunk('assets/Sheet-X.js', [], { isDynamicEntry: true, facadeModuleId: '/app/src/ui/sheet/Sheet.tsx' }),
  ].map((c) => [c.fileName, c]),
) as Rollup.OutputBundle;

describe('route chunks', () => {
  it('names every route of the generated route tree by the id the router gives its matches', () => {
    const files = routeFilesById(tree);
    expect(files['/']).toBe('index');
    expect(files['/print-editions']).toBe('print-editions');
    expect(files['/news/']).toBe('news.index');
    expect(files['/news/$slug']).toBe('news.$slug');
    expect(files['/$name']).toBe('$name');
    // nested under a layout route: the ids join
    expect(files['/_authed/downloads']).toBe('_authed/downloads');
    expect(files['/_authed/course/$slug/']).toBe('_authed/course/$slug/index');
    // a declaration the generator wraps onto two lines
    expect(files['/_authed/course/$courseSlug/chapter/$chapterId']).toBe(
      '_authed/course/$courseSlug/chapter/$chapterId',
    );
    // one per imported route file but the root
    const imported = [...tree.matchAll(/import \{ Route as \w+ \} from '\.\/routes\//g)].length;
    expect(Object.keys(files)).toHaveLength(imported - 1);
  });

  it("a route's component chunk and what it imports, never the entry, nor the not-found part", () => {
    expect(chunksByRouteFile(bundle, ROUTES)).toEqual({
      'print-editions': ['/assets/print-editions-P.js', '/assets/live-stock-L.js', '/assets/react-R.js'],
      'print-view': ['/assets/print-view-V.js', '/assets/live-stock-L.js', '/assets/react-R.js'],
      'news.$slug': ['/assets/news._slug-S.js'],
    });
  });

  it('by route id, for the routes that have chunks of their own', () => {
    const byId = routeChunks(tree, bundle, ROUTES);
    expect(byId['/print-editions']).toEqual([
      '/assets/print-editions-P.js',
      '/assets/live-stock-L.js',
      '/assets/react-R.js',
    ]);
    expect(byId['/news/$slug']).toEqual(['/assets/news._slug-S.js']);
    expect(byId['/artworks']).toBeUndefined();
  });
});
