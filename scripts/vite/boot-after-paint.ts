import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

// A server-rendered page reads without JavaScript. On a slow phone link the app's ~180 kB of
// scripts, fetched at once by Vite's entry tag and modulepreloads, shared the line with the
// stylesheets and the hero image and held both back (Lighthouse traces: FCP 2.3 s, the hero's
// load time 2.7 s). The built page therefore names its scripts in a tiny deferred classic
// script, which asks for them once the LCP image has arrived (or, without one, after the first
// paint; at most BOOT_CAP_MS later). The bare app shell (no server-rendered content) starts
// at once.

const BOOT_CAP_MS = 3000;

/**
 * Runs in the browser as a classic script (serialized with toString: keep it self-contained).
 * Reads the entry and the chunks to preload from its own data attributes.
 */
export function bootAfterPaint(doc: Document, win: Window, capMs: number): void {
  const me = doc.currentScript as HTMLScriptElement | null;
  if (!me) return;
  const entry = me.getAttribute('data-entry') ?? '';
  const preloads = (me.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    doc.head.appendChild(script);
    // Each request costs the main thread ~2 ms (traces on a 2-core machine): all ~25 in one task
    // made a 50 ms task, 200 ms on a 4x slower phone. A few per task, the first ones at once.
    const queue = preloads.slice();
    const more = () => {
      for (const href of queue.splice(0, 6)) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        doc.head.appendChild(link);
      }
      if (queue.length) win.setTimeout(more, 0);
    };
    more();
  };
  // Visitor forms post themselves until the app runs (they have an action: the server answers
  // with a result page). A form without one would reload the page with its fields in the
  // address: keep it until the app, which handles it, has started (<html data-app>).
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement | null;
      if (!doc.documentElement.hasAttribute('data-app') && !form?.hasAttribute('action')) event.preventDefault();
    },
    true,
  );
  const root = doc.getElementById('root');
  if (!root?.firstElementChild) {
    start();
    return;
  }
  // a hidden tab never paints: the cap starts the app anyway
  win.setTimeout(start, capMs);
  const hero = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (hero && !hero.complete) {
    // at once: the page's load event then also waits for the app's chunks
    hero.addEventListener('load', start, { once: true });
    hero.addEventListener('error', start, { once: true });
  } else win.requestAnimationFrame(() => win.setTimeout(start, 0));
}

const ENTRY = /[ \t]*<script\b(?=[^>]*\btype=["']?module["']?)[^>]*\bsrc=["']([^"']+)["'][^>]*>\s*<\/script>\s*/i;
const PRELOAD = /[ \t]*<link\b(?=[^>]*\brel=["']?modulepreload["']?)[^>]*\bhref=["']([^"']+)["'][^>]*>\s*/gi;

/**
 * The built page with its entry script and modulepreloads handed to the boot script at `src`;
 * `more` are further chunks to ask for at the same time (what the entry imports on start).
 */
export function deferScripts(html: string, src: string, more: string[] = []): string {
  const entry = ENTRY.exec(html);
  if (!entry) return html;
  const listed = [...html.matchAll(PRELOAD)].map((m) => m[1] as string);
  const preloads = [...new Set([...listed, ...more])].filter((href) => href !== entry[1]);
  const indent = /^[ \t]*/.exec(entry[0])?.[0] ?? '';
  const boot = `${indent}<script defer src="${src}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"></script>\n`;
  return html.replace(PRELOAD, '').replace(ENTRY, () => boot);
}

/** The boot script's source: the function above, called with the page's document and window. */
export function bootSource(): string {
  return `(${bootAfterPaint.toString()})(document, window, ${BOOT_CAP_MS});\n`;
}

/**
 * The chunks the entry needs to start: what it imports, what it imports on start with
 * `import()` (src/main.tsx evaluates the libraries one per task), and what those import.
 */
function startChunks(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || !chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const dep of chunk.imports) visit(dep);
  };
  for (const f of [...entry.imports, ...entry.dynamicImports]) visit(f);
  return [...seen].map((f) => `/${f}`);
}

/** Emits the boot script as a hashed asset and rewrites the built index.html to use it. */
export function bootAfterPaintHtml(): Plugin {
  const source = bootSource();
  const fileName = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'atelier-boot-after-paint',
    apply: 'build',
    // after Vite has emitted the page: only the build that has one (not the worker's or the server's)
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if ('index.html' in bundle) this.emitFile({ type: 'asset', fileName, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        deferScripts(html, `/${fileName}`, ctx.bundle && ctx.chunk ? startChunks(ctx.chunk, ctx.bundle) : []),
    },
  };
}
