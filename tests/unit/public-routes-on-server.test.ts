// @vitest-environment node
/// <reference types="vite-plugin-pwa/react" />
// The public routes load in a server process: no window, no document, no IndexedDB, the
// PocketBase client pointed at the server by PB_URL. The same route tree and query options
// as the app, so a server render can fill a QueryClient and hand it to the browser.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteSettingsQueryOptions } from '@/lib/site/site-settings';

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({ needRefresh: [false, () => {}], updateServiceWorker: async () => {} }),
}));

const record = (collectionName: string, fields: Record<string, unknown>) => ({
  id: `${collectionName}1`,
  collectionId: `pbc_${collectionName}`,
  collectionName,
  ...fields,
});
const RECORDS: Record<string, unknown[]> = {
  site_settings: [record('site_settings', { key: 'main', artist_name: 'Elin Vinter', hero_image: '' })],
  artworks: [record('artworks', { slug: 'red-room', title: 'Red Room', year: 2024, sort_order: 1 })],
  news_posts: [
    record('news_posts', {
      slug: 'opening',
      title: 'Opening',
      is_published: true,
      content: '<p>Hello</p>',
      excerpt: '',
    }),
  ],
  prints: [
    record('prints', { slug: 'red-print', title: 'Red Print', is_active: true, price_cents: 12000, sort_order: 1 }),
  ],
  drops: [record('drops', { slug: 'print-drop', title: 'A drop', release_at: '2025-12-01 09:00:00.000Z' })],
  exhibitions: [record('exhibitions', { slug: 'in-the-hollow', title: 'In the hollow', description: '' })],
  pages: [record('pages', { slug: 'press', title: 'Press', body: '<p>Press</p>', is_published: true })],
  courses: [record('courses', { slug: 'whispering-game', title: 'The Whispering Game', is_published: true })],
  course_outline: [record('course_outline', { course_id: 'courses1', title: 'Chapter 1', sort_order: 1 })],
  course_lessons: [
    record('course_lessons', {
      course_id: 'courses1',
      module_id: 'course_outline1',
      title: 'Introduction',
      kind: 'intro',
    }),
  ],
  exchange_rates: [],
};

const requested: string[] = [];
let savedIndexedDb: unknown;

let createAppRouter: typeof import('@/router').createAppRouter;

beforeAll(async () => {
  // fake-indexeddb is installed for every unit test; a server has none
  savedIndexedDb = globalThis.indexedDB;
  // @ts-expect-error: a runtime without IndexedDB
  delete globalThis.indexedDB;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input);
      requested.push(url.origin);
      const collection = /^\/api\/collections\/([^/]+)\/records/.exec(url.pathname)?.[1] ?? '';
      const items = RECORDS[collection] ?? [];
      return Response.json({ page: 1, perPage: 1000, totalItems: items.length, totalPages: 1, items });
    }),
  );
  // imported after the globals are set, as a server process would start
  ({ createAppRouter } = await import('@/router'));
}, 60_000);

afterAll(() => {
  vi.unstubAllGlobals();
  globalThis.indexedDB = savedIndexedDb as IDBFactory;
});

const PUBLIC_PAGES = [
  '/',
  '/artworks',
  '/about',
  '/contact',
  '/news',
  '/news/opening',
  '/print-editions',
  '/print-view?print=red-print',
  '/viewing-room?artwork=red-room',
  '/drop/print-drop',
  '/exhibitions/in-the-hollow',
  '/press',
  '/whispering-game',
];

describe('public routes in a server process', () => {
  it('runs without a window, a document or IndexedDB', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof globalThis.indexedDB).toBe('undefined');
  });

  it.each(PUBLIC_PAGES)('%s loads its data into the query cache from PocketBase', async (path) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
    requested.length = 0;
    await router.load();
    const failed = router.state.matches.filter((m) => m.status !== 'success');
    expect(failed.map((m) => `${m.routeId}: ${m.status} ${String(m.error)}`)).toEqual([]);
    // the site settings (the layout's) and the page's own records are in the cache, ready to dehydrate
    expect(queryClient.getQueryData(siteSettingsQueryOptions().queryKey)).toMatchObject({ artist_name: 'Elin Vinter' });
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .every((q) => q.state.status !== 'error'),
    ).toBe(true);
    // the SDK talks to PocketBase itself, not to a relative URL
    expect(new Set(requested)).toEqual(new Set(['http://127.0.0.1:8090']));
  });
});
