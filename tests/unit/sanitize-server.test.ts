// @vitest-environment node
// The sanitizer in the server renderer: Node has no DOMParser, and what it writes must be what
// the browser's hydration writes, and safe once a browser parses it.
import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from '@/lib/html/sanitize';

describe('sanitizeHtml without a DOM', () => {
  it('runs in Node and keeps the formatting the artist uses', () => {
    expect(typeof (globalThis as { DOMParser?: unknown }).DOMParser).toBe('undefined');
    expect(sanitizeHtml('<p>A <em>paper</em> moon &amp; a <strong>lamp</strong>.</p>')).toBe(
      '<p>A <em>paper</em> moon &amp; a <strong>lamp</strong>.</p>',
    );
  });

  it('reads tags as a browser does, so nothing hides inside attributes, comments or raw text', () => {
    const cases: [string, string][] = [
      // an unquoted value may hold "<": the tag still runs to its ">"
      ['<p title=a<b>x</p>', '<p>x</p>'],
      ['<!-- <script>alert(1)</script> --><p>ok</p>', '<p>ok</p>'],
      ['<textarea><img src=x onerror=alert(1)></textarea><p>ok</p>', '<p>ok</p>'],
      ['<p>ok</p><script>document.write("<p>")</script>', '<p>ok</p>'],
      ['<img src="https://x/y.jpg" onerror="alert(1)"/>', '<img src="https://x/y.jpg" loading="lazy" alt="">'],
    ];
    for (const [input, output] of cases) expect(sanitizeHtml(input), input).toBe(output);
  });

  it('decodes attribute values before checking them, and escapes what it writes back', () => {
    expect(sanitizeHtml('<a href="jav&#x61;script:alert(1)">x</a>')).not.toMatch(/href/);
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).not.toMatch(/href/);
    const out = sanitizeHtml('<img src="https://x/a.jpg" alt="&quot; onerror=&quot;alert(1)">');
    expect(out).toContain('alt="&quot; onerror=&quot;alert(1)"');
    // the quotes stay escaped inside alt: no attribute of its own
    expect(out).not.toMatch(/onerror="/);
  });

  it('closes what it opened, so stored HTML cannot swallow the page after it', () => {
    expect(sanitizeHtml('<p><em>open')).toBe('<p><em>open</em></p>');
    expect(sanitizeHtml('</div></main><p>x</p>')).toBe('<p>x</p>');
  });

  it('turns HTML into text for descriptions', () => {
    expect(htmlToText('<p>One &amp; two</p><p>three</p>')).toMatch(/^One & two\s+three$/);
  });
});
