// The server's list of paths the app has a route for (pb_hooks/lib/pages/app-routes.js): every
// route of the router (src/routeTree.gen.ts) is on it, with the kinds of values its parameters
// take, and a path no route takes is not (the server answers it 404).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

const { isAppPath } = loadHookModule<{ isAppPath: (path: string) => boolean }>('lib/pages/app-routes.js');

/** The router's paths, as links name them (`to`: no trailing slash), from the generated tree. */
function routerPaths(): string[] {
  const tree = readFileSync(resolve(import.meta.dirname, '../../src/routeTree.gen.ts'), 'utf8');
  const to = /\n {2}to:\n((?: {4}\| '[^']*'\n)+)/.exec(tree)?.[1] ?? '';
  return [...to.matchAll(/'([^']*)'/g)].map((m) => m[1] as string);
}

/** A route path with its parameters filled in as the app's links fill them. */
const SAMPLES: Record<string, string> = {
  $name: 'privacy',
  $slug: 'the-whispering-game',
  $courseSlug: 'whispering-game',
  $chapterId: 'a1b2c3d4e5f6g7h',
  $token: 'a1b2c3d4e5f6g7h-0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  $form: 'contact',
};
const filled = (path: string) => path.replace(/\$\w+/g, (p) => SAMPLES[p] ?? 'x');

describe('the paths the app has a route for', () => {
  it('take every route of the router', () => {
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(isAppPath(filled(path)), `${path} as ${filled(path)}`).toBe(true);
  });

  it.each([
    '/news/a-post/more',
    '/news/x/y/z',
    '/some/thing',
    '/course/whispering-game/chapter',
    '/admin/videos/extra',
    '/drop/Not A Slug',
    '/Weird Page',
    '/news/a-post/',
  ])('do not take %s', (path) => {
    expect(isAppPath(path)).toBe(false);
  });
});
