import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';

let pb: TestPocketBase;

// The served shell: the real index.html when built, else the same static default head.
const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title data-default-head>Elin Vinter — Contemporary Artist</title>
<meta data-default-head name="description" content="Stockholm-based contemporary artist." />
<meta data-default-head property="og:type" content="website" />
</head><body><div id="root"></div></body></html>`;
function readShell(): string {
  try {
    return readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  } catch {
    return FALLBACK_SHELL;
  }
}
const shell = readShell();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-dist-'));
  writeFileSync(join(dir, 'index.html'), shell);
  pb = await startPocketBase({ seed: true, publicDir: dir });
});

afterAll(async () => {
  await pb?.stop();
});

// No server renderer here: every page is the shell (200) with the hooks' head tags; the
// status of a missing page is tested with the renderer (server-render.test.ts, e2e not-found).
async function page(path: string, status = 200) {
  const res = await fetch(`${pb.url}${path}`);
  expect(res.status).toBe(status);
  const html = await res.text();
  const meta = (attr: string, name: string) =>
    new RegExp(`<meta[^>]*${attr}="${name}"[^>]*content="([^"]*)"`).exec(html)?.[1];
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
  return {
    html,
    title: /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1],
    description: meta('name', 'description'),
    ogImage: meta('property', 'og:image'),
    ogTitle: meta('property', 'og:title'),
    canonical: /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1],
    ld,
  };
}

describe('shareable pages carry their own head in the served HTML', () => {
  it('home has the default title and exactly one title element', async () => {
    const p = await page('/');
    expect(p.title).toBe('Elin Vinter — Contemporary Artist');
    expect(p.html.match(/<title/g)).toHaveLength(1);
    expect(p.canonical).toBe(`${pb.url}/`);
    expect(p.html).toContain('name="twitter:card" content="summary_large_image"');
  });

  it('home preloads the hero image (the LCP element) from the HTML, at a URL that serves it', async () => {
    const p = await page('/');
    const link = /<link[^>]*rel="preload"[^>]*as="image"[^>]*>/.exec(p.html)?.[0];
    expect(link).toBeDefined();
    expect(link).toContain('fetchpriority="high"');
    const href = /href="([^"]+)"/.exec(link!)![1]!.replace(/&amp;/g, '&');
    expect(href).toMatch(/^\/api\/files\/site_settings\/[a-z0-9]+\/[^?]+\?thumb=1600x0$/);
    const srcset = /imagesrcset="([^"]+)"/.exec(link!)![1]!.replace(/&amp;/g, '&');
    expect(srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['400w', '600w', '800w', '1200w', '1600w']);
    const image = await fetch(`${pb.url}${href}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect((await page('/news')).html).not.toContain('rel="preload"');
  });

  it('/artworks preloads the first card image (newest work), at a URL that serves it', async () => {
    const p = await page('/artworks');
    const link = /<link[^>]*rel="preload"[^>]*as="image"[^>]*>/.exec(p.html)?.[0];
    const href = /href="([^"]+)"/.exec(link ?? '')?.[1]?.replace(/&amp;/g, '&');
    expect(href).toMatch(/^\/api\/files\/artworks\/[a-z0-9]+\/[^?]+\?thumb=800x0$/);
    const newest = await fetch(`${pb.url}/api/collections/artworks/records?sort=-year&perPage=1`).then((r) => r.json());
    expect(href).toContain(`/artworks/${newest.items[0].id}/`);
    expect((await fetch(`${pb.url}${href}`)).status).toBe(200);
  });

  it('/artworks: VisualArtwork list with an og:image', async () => {
    const p = await page('/artworks');
    expect(p.title).toBe('Artworks | Elin Vinter');
    expect(p.ogImage).toMatch(/\/api\/files\/artworks\//);
    const works = p.ld[0].itemListElement.map((i: { item: { '@type': string; name: string } }) => i.item);
    expect(works[0]['@type']).toBe('VisualArtwork');
    expect(works.map((w: { name: string }) => w.name)).toContain('The Whispering Room');
  });

  it('/news/$slug: BlogPosting with headline, date and cover', async () => {
    const p = await page('/news/building-a-paper-moon');
    expect(p.title).toBe('Building a paper moon | Elin Vinter');
    expect(p.description).toContain('newspaper, glue and patience');
    expect(p.ogImage).toMatch(/\/api\/files\/news_posts\//);
    expect(p.ld[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Building a paper moon',
      datePublished: '2026-01-20T10:00:00.000Z',
    });
    const missing = await page('/news/no-such-post');
    expect(missing.title).toBe('Article Not Found | Elin Vinter');
    expect(missing.html).toContain('content="noindex"');
  });

  it('/print-view: Product with price and availability; a print not for sale is kept out of search', async () => {
    const p = await page('/print-view?print=lantern-bearer-print');
    expect(p.title).toBe('Lantern Bearer | Elin Vinter');
    expect(p.ld[0]).toMatchObject({
      '@type': 'Product',
      name: 'Lantern Bearer',
      offers: { price: 180, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expect(p.canonical).toBe(`${pb.url}/print-view?print=lantern-bearer-print`);
    const gone = await page('/print-view?print=nope');
    expect(gone.title).toBe('That print is no longer available | Elin Vinter');
    expect(gone.html).toContain('content="noindex"');
    const gone2 = await page('/print-view?print=paper-moon-study-print');
    expect(gone2.title).toBe('That print is no longer available | Elin Vinter');
    expect((await page('/print-view')).title).toBe('The Whispering Room | Elin Vinter');
  });

  it('/drop/$slug: Product with release date, title at most 60 characters', async () => {
    const p = await page('/drop/print-drop');
    expect(p.ogTitle).toBe('The Whispering Room: limited print drop | Elin Vinter');
    expect(p.ld[0]).toMatchObject({ '@type': 'Product', releaseDate: '2025-12-01T09:00:00.000Z' });
    expect(p.ogImage).toMatch(/\/api\/files\/prints\//);
    const missing = await page('/drop/no-such-drop');
    expect(missing.title).toBe('Page not found | Elin Vinter');
    expect(missing.html).toContain('content="noindex"');
  });

  it('/whispering-game: Product with the course price', async () => {
    const p = await page('/whispering-game');
    expect(p.title).toBe('The Whispering Game | Elin Vinter');
    expect(p.ld[0]).toMatchObject({ '@type': 'Product', offers: { price: 139, priceCurrency: 'USD' } });
  });

  it('stored text cannot break out of the head', async () => {
    const res = await fetch(`${pb.url}/api/collections/pages/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: pb.superuser.token },
      body: JSON.stringify({
        slug: 'evil',
        title: '"><script>alert(1)</script>',
        body: '<p>x</p>',
        is_published: true,
      }),
    });
    expect(res.status).toBe(200);
    const p = await page('/evil');
    expect(p.html).not.toContain('<script>alert(1)');
    expect(p.title).toContain('&quot;&gt;&lt;script&gt;');
  });

  // "$`" in a replacement string means "everything before the match": it used to splice the
  // whole head into the canonical URL.
  it.each(['/a$`b', "/a$'b", '/a$&b', '/a$$b', '/news/$`'])(
    'a path with a replacement pattern (%s) lands in the head as written',
    async (path) => {
      // no page has such a path: the shell's answer is a 404, with its head made all the same
      const p = await page(path, 404);
      const unescaped = p.canonical
        ?.replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      expect(unescaped).toBe(`${pb.url}${path}`);
      expect(p.html.match(/<\/head>/g)).toHaveLength(1);
      expect(p.html.match(/<title/g)).toHaveLength(1);
      expect(p.html.match(/<html/g)).toHaveLength(1);
    },
  );
});

describe('crawler files', () => {
  it('/sitemap.xml lists the public pages, posts, prints, drop, exhibition and pages', async () => {
    const res = await fetch(`${pb.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    for (const path of [
      '/',
      '/artworks',
      '/about',
      '/news',
      '/contact',
      '/print-editions',
      '/whispering-game',
      '/news/building-a-paper-moon',
      '/print-view?print=the-whispering-room-print',
      '/drop/print-drop',
      '/exhibitions/in-the-hollow',
      '/privacy',
      '/terms',
    ]) {
      expect(xml).toContain(`<loc>${pb.url}${path}</loc>`);
    }
    expect(xml).not.toContain('new-edition-in-progress'); // unpublished
    expect(xml).not.toContain('paper-moon-study-print'); // inactive
  });

  it('/robots.txt points to the sitemap', async () => {
    const res = await fetch(`${pb.url}/robots.txt`);
    expect(res.status).toBe(200);
    const txt = await res.text();
    expect(txt).toContain('User-agent: *');
    expect(txt).toContain(`Sitemap: ${pb.url}/sitemap.xml`);
  });
});
