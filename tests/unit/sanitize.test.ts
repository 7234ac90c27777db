import { describe, expect, it } from 'vitest';
import { htmlToText, isSafeUrl, sanitizeHtml } from '@/lib/html/sanitize';

describe('sanitizeHtml', () => {
  it('keeps the formatting the artist uses', () => {
    const html =
      '<p>A <em>paper</em> moon, <strong>glued</strong>.</p><h2>Notes</h2><ul><li>one</li></ul><a href="https://example.com/x">link</a>';
    const out = sanitizeHtml(html);
    expect(out).toContain('<p>A <em>paper</em> moon, <strong>glued</strong>.</p>');
    expect(out).toContain('<h2>Notes</h2><ul><li>one</li></ul>');
    expect(out).toContain('<a href="https://example.com/x" rel="noopener noreferrer" target="_blank">link</a>');
  });

  it('drops scripts, styles, iframes and their content', () => {
    const out = sanitizeHtml(
      '<p>ok</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><svg><script>x</script></svg>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('drops event handlers and inline styles', () => {
    const out = sanitizeHtml(
      '<p onclick="alert(1)" style="color:red" class="x">hi</p><img src="https://x/y.jpg" onerror="alert(1)">',
    );
    expect(out).toBe('<p>hi</p><img src="https://x/y.jpg" loading="lazy" alt="">');
  });

  it('drops javascript:, data: and obfuscated scheme URLs', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' java\nscript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>x</script>',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('unwraps unknown elements but keeps their text, and escapes text', () => {
    expect(sanitizeHtml('<div><custom-el>text</custom-el></div>')).toBe('text');
    expect(sanitizeHtml('1 &lt; 2 <b>&amp;</b>')).toBe('1 &lt; 2 <b>&amp;</b>');
  });

  it('cannot be tricked by malformed markup', () => {
    const out = sanitizeHtml(
      '<p><img src=x onerror=alert(1)//</p><a href="https://ok" title=\'"><script>x</script>\'>t</a>',
    );
    expect(out).not.toMatch(/onerror|<script/);
  });

  it('empty input gives empty output', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
  });
});

describe('isSafeUrl and htmlToText', () => {
  it('allows site paths, fragments, mail and web links', () => {
    expect(isSafeUrl('/news/x', 'href')).toBe(true);
    expect(isSafeUrl('#top', 'href')).toBe(true);
    expect(isSafeUrl('mailto:a@b.se', 'href')).toBe(true);
    expect(isSafeUrl('//evil.example/x', 'href')).toBe(false);
    expect(isSafeUrl('mailto:a@b.se', 'src')).toBe(false);
  });

  it('gives plain text without script content', () => {
    expect(htmlToText('<p>Hello <b>there</b></p><script>bad()</script>')).toBe('Hello there');
  });
});
