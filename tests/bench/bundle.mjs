// JS and CSS per built chunk (raw and gzip) and the service worker's precache size.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Files of earlier builds that `vite build` keeps for tabs still running them (scripts/vite/keep-previous-assets.ts). */
function previousBuilds(dist) {
  try {
    return new Set(Object.keys(JSON.parse(readFileSync(resolve(dist, '.previous-assets.json'), 'utf8'))));
  } catch {
    return new Set();
  }
}

export function measureBundle(dist) {
  const assets = resolve(dist, 'assets');
  const old = previousBuilds(dist);
  const chunks = readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f) && !old.has(f))
    .map((file) => {
      const buf = readFileSync(join(assets, file));
      // route chunks from autoCodeSplitting are named after their route file
      const name = file.replace(/-[A-Za-z0-9_-]{8}\.(js|css)$/, '.$1');
      return {
        file,
        name,
        kind: file.endsWith('.css') ? 'css' : 'js',
        raw: buf.length,
        gzip: gzipSync(buf, { level: 9 }).length,
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  // the boot script names the entry and the chunks it asks for on start (scripts/vite/boot-after-paint.ts)
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const entry =
    html.match(/data-entry="\/assets\/([^"]+)"/)?.[1] ?? html.match(/<script[^>]+src="\/assets\/([^"]+)"/)?.[1];
  const preloads = (html.match(/data-preload="([^"]*)"/)?.[1] ?? '').split(' ').filter(Boolean);
  const start = [entry, ...preloads.map((f) => f.replace(/^\/assets\//, ''))].filter(Boolean);
  return { chunks, entry, start, precache: measurePrecache(dist) };
}

/** The service worker's precache manifest: entries and bytes. Throws when a listed file is missing. */
function measurePrecache(dist) {
  const sw = readFileSync(resolve(dist, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/\{\s*"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?/g)].map((m) => m[1]);
  const urls2 = [...sw.matchAll(/\{\s*"?revision"?\s*:\s*(?:"[^"]*"|null)\s*,\s*"?url"?\s*:\s*"([^"]+)"/g)].map(
    (m) => m[1],
  );
  const all = [...new Set([...urls, ...urls2])];
  if (all.length === 0) throw new Error(`no precache manifest found in ${resolve(dist, 'sw.js')}`);
  let bytes = 0;
  const missing = [];
  for (const u of all) {
    const file = resolve(dist, u.replace(/^\//, ''));
    if (existsSync(file)) bytes += statSync(file).size;
    else missing.push(u);
  }
  // a listed file that is not in dist/ is one the service worker would fail to install with
  if (missing.length) throw new Error(`precached but missing from ${dist}: ${missing.join(', ')}`);
  return { entries: all.length, bytes };
}
