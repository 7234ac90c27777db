// The built page asks for its stylesheets before its scripts (scripts/vite/styles-first.ts).
import { describe, expect, it } from 'vitest';
import { stylesheetsFirst } from '../../scripts/vite/styles-first';

const page = `<!doctype html>
<html><head>
    <title>x</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="stylesheet" crossorigin href="/assets/theme.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body><div id="root"></div><link rel="stylesheet" href="/late.css"></body></html>`;

describe('stylesheets first', () => {
  it('moves the head stylesheets ahead of the first module script, in their order, and keeps everything else', () => {
    const out = stylesheetsFirst(page);
    const order = ['index.css', 'theme.css', 'index.js', 'a.js', 'manifest'].map((s) => out.indexOf(s));
    expect(order.every((v, i) => v > 0 && (i === 0 || v > order[i - 1]!))).toBe(true);
    expect(out.match(/rel="stylesheet"/g)).toHaveLength(3);
    // a link in the body is not the head's
    expect(out.indexOf('/late.css')).toBeGreaterThan(out.indexOf('<body>'));
  });

  it('leaves a page without a module script or without stylesheets as it was', () => {
    const noScript = page.replace(/<script[^>]*><\/script>/, '');
    expect(stylesheetsFirst(noScript)).toBe(noScript);
    const noCss = page.replace(/\s*<link rel="stylesheet" crossorigin[^>]*>/g, '');
    expect(stylesheetsFirst(noCss)).toBe(noCss);
  });
});
