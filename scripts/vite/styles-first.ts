import type { Plugin } from 'vite';

// On a slow phone link the first paint waits for the stylesheets, not for the scripts (module
// scripts never block it). Vite writes the entry script and a dozen modulepreloads before the
// stylesheets, so the browser asked for ~150 kB of JavaScript first and the CSS queued behind it.

const STYLESHEET = /[ \t]*<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>\s*/gi;
const FIRST_SCRIPT = /[ \t]*<script\b[^>]*\btype=["']?module["']?[^>]*>/i;

/** The page with every stylesheet link of its <head> moved ahead of its first module script. */
export function stylesheetsFirst(html: string): string {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const script = FIRST_SCRIPT.exec(head);
  if (!script) return html;
  const links = head.slice(script.index).match(STYLESHEET);
  if (!links) return html;
  const rest = head.slice(script.index).replace(STYLESHEET, '');
  const indent = /^[ \t]*/.exec(script[0])?.[0] ?? '';
  const moved = links.map((l) => `${indent}${l.trim()}\n`).join('');
  return head.slice(0, script.index) + moved + rest + html.slice(headEnd);
}

/** Applies stylesheetsFirst to the built index.html, after Vite has added its tags. */
export function styleFirstHtml(): Plugin {
  return {
    name: 'atelier-stylesheets-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesheetsFirst },
  };
}
