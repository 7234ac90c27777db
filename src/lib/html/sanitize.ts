// Allow-list sanitizer for rich text the artist stores (news content, page bodies). Stored
// HTML is parsed inertly (DOMParser runs no scripts and loads nothing), then rebuilt from
// allowed elements and attributes only: no scripts, styles, event handlers or javascript: URLs.

const ALLOWED_TAGS: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  em: [],
  strong: [],
  b: [],
  i: [],
  u: [],
  s: [],
  small: [],
  sub: [],
  sup: [],
  mark: [],
  span: [],
  code: [],
  pre: [],
  blockquote: ['cite'],
  q: ['cite'],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ['start', 'reversed'],
  li: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height', 'title'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

// Dropped with everything inside them; other unknown elements are unwrapped (text kept).
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
  'applet',
  'audio',
  'video',
  'source',
  'title',
  'head',
]);

const URL_ATTRS = new Set(['href', 'src', 'cite']);

/** http(s), mailto, tel, same-site paths and fragments; nothing that can run code. */
export function isSafeUrl(value: string, attr: string): boolean {
  // strip what browsers ignore inside a scheme ("java\nscript:", leading spaces, control chars)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (v === '' || v.startsWith('//') || v.startsWith('\\')) return false;
  if (/^(#|\/(?!\/)|\.{1,2}\/)/.test(v)) return true;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (!scheme) return !/[:]/.test(v.split(/[/?#]/)[0] ?? ''); // relative like "page.html"
  if (attr === 'src') return scheme === 'https' || scheme === 'http';
  return scheme === 'https' || scheme === 'http' || scheme === 'mailto' || scheme === 'tel';
}

function cleanChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) continue;
    const allowed = ALLOWED_TAGS[tag];
    if (!allowed) {
      cleanChildren(el, to, doc); // unwrap
      continue;
    }
    const out = doc.createElement(tag);
    for (const name of allowed) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      if (URL_ATTRS.has(name) && !isSafeUrl(value, name)) continue;
      if (
        (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan' || name === 'start') &&
        !/^\d{1,5}$/.test(value)
      )
        continue;
      out.setAttribute(name, value);
    }
    if (tag === 'a' && out.hasAttribute('href') && /^https?:/i.test(out.getAttribute('href') ?? '')) {
      out.setAttribute('rel', 'noopener noreferrer');
      out.setAttribute('target', '_blank');
    }
    if (tag === 'img') {
      if (!out.hasAttribute('src')) continue;
      out.setAttribute('loading', 'lazy');
      if (!out.hasAttribute('alt')) out.setAttribute('alt', '');
    }
    cleanChildren(el, out, doc);
    to.appendChild(out);
  }
}

/** Returns safe HTML for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  cleanChildren(parsed.body, root, out);
  return root.innerHTML;
}

/** Plain text of stored HTML (for excerpts and meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const parsed = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  for (const el of Array.from(parsed.body.querySelectorAll('script,style,template'))) el.remove();
  return (parsed.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
