// Allow-list sanitizer for rich text the artist stores (news content, page bodies). It runs
// the same in the browser and in the server renderer (no DOMParser there), so both produce
// the same markup: a small tokenizer that reads tags the way browsers do (a tag runs to its
// `>`, unquoted attribute values may hold `<`), then writes only allowed elements and
// attributes back, with every attribute value re-escaped. No scripts, styles, event handlers
// or javascript: URLs survive, and what the browser decodes is exactly what was checked.
import { decodeEntities } from './entities';

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
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
]);

/** Elements without content or end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'param',
  'frame',
  'keygen',
]);

/** Browsers read these elements' content as plain text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'iframe', 'noembed', 'noframes', 'xmp', 'noscript']);

const URL_ATTRS = new Set(['href', 'src', 'cite']);
const NUMERIC_ATTRS = new Set(['width', 'height', 'colspan', 'rowspan', 'start']);

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

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attrs: [string, string][]; selfClosing: boolean }
  | { kind: 'end'; name: string };

const WS = /[\t\n\f\r ]/;

/**
 * Splits HTML into text, start tags and end tags as a browser's tokenizer would (comments,
 * doctypes and processing instructions are skipped; raw-text elements keep their content as
 * text). Attribute values are decoded.
 */
function tokenize(html: string): Token[] {
  const out: Token[] = [];
  const n = html.length;
  let i = 0;
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    i = lt;
    const next = html[i + 1] ?? '';
    if (html.startsWith('<!--', i)) {
      flush();
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? n : end + 3;
    } else if (next === '!' || next === '?' || (next === '/' && !/[a-z]/i.test(html[i + 2] ?? ''))) {
      // doctype, CDATA, processing instruction, `</ x>`: a bogus comment up to the next `>`
      flush();
      const end = html.indexOf('>', i + 2);
      i = end === -1 ? n : end + 1;
    } else if (/[a-z]/i.test(next) || (next === '/' && /[a-z]/i.test(html[i + 2] ?? ''))) {
      flush();
      const tag = readTag(html, i);
      i = tag.end;
      if (!tag.token) break; // a tag cut off by the end of input is dropped, as browsers do
      out.push(tag.token);
      if (tag.token.kind === 'start' && RAW_TEXT.has(tag.token.name)) {
        const close = new RegExp(`</${tag.token.name}(?=[\\t\\n\\f\\r />])`, 'i').exec(html.slice(i));
        const stop = close ? i + close.index : n;
        if (stop > i) out.push({ kind: 'text', text: html.slice(i, stop) });
        i = stop;
      }
    } else {
      text += '<';
      i += 1;
    }
  }
  flush();
  return out;
}

function readTag(html: string, start: number): { token: Token | null; end: number } {
  const n = html.length;
  const closing = html[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  let name = '';
  while (i < n && !WS.test(html[i]!) && html[i] !== '/' && html[i] !== '>') name += html[i++];
  const attrs: [string, string][] = [];
  let selfClosing = false;
  for (;;) {
    while (i < n && (WS.test(html[i]!) || html[i] === '/')) {
      selfClosing = html[i] === '/';
      i++;
    }
    if (i >= n) return { token: null, end: n };
    if (html[i] === '>') {
      i++;
      break;
    }
    selfClosing = false;
    let attr = html[i++]!; // a leading `=` belongs to the name, as in browsers
    while (i < n && !WS.test(html[i]!) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') attr += html[i++];
    while (i < n && WS.test(html[i]!)) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && WS.test(html[i]!)) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return { token: null, end: n };
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        while (i < n && !WS.test(html[i]!) && html[i] !== '>') value += html[i++];
      }
    }
    const key = attr.toLowerCase();
    if (!attrs.some(([k]) => k === key)) attrs.push([key, decodeEntities(value)]);
  }
  const lower = name.toLowerCase();
  if (closing) return { token: { kind: 'end', name: lower }, end: i };
  return { token: { kind: 'start', name: lower, attrs, selfClosing }, end: i };
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text as written, but every `<` and `>` escaped and a bare `&` made an entity. */
const escapeText = (v: string) =>
  v
    .replace(/&(?!(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

function startTag(name: string, attrs: [string, string][]): string | null {
  const allowed = ALLOWED_TAGS[name] ?? [];
  const kept: [string, string][] = [];
  for (const attr of allowed) {
    const value = attrs.find(([k]) => k === attr)?.[1];
    if (value === undefined) continue;
    if (URL_ATTRS.has(attr) && !isSafeUrl(value, attr)) continue;
    if (NUMERIC_ATTRS.has(attr) && !/^\d{1,5}$/.test(value)) continue;
    kept.push([attr, value]);
  }
  const href = kept.find(([k]) => k === 'href')?.[1];
  if (name === 'a' && href && /^https?:/i.test(href)) kept.push(['rel', 'noopener noreferrer'], ['target', '_blank']);
  if (name === 'img') {
    if (!kept.some(([k]) => k === 'src')) return null;
    kept.push(['loading', 'lazy']);
    if (!kept.some(([k]) => k === 'alt')) kept.push(['alt', '']);
  }
  return `<${name}${kept.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}>`;
}

/** Returns safe HTML for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  let out = '';
  const open: string[] = [];
  // name and depth of an element being dropped with its content
  let dropping: { name: string; depth: number } | null = null;
  for (const token of tokenize(html)) {
    if (dropping) {
      if (token.kind === 'start' && token.name === dropping.name && !token.selfClosing) dropping.depth++;
      if (token.kind === 'end' && token.name === dropping.name && --dropping.depth === 0) dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      out += escapeText(token.text);
    } else if (token.kind === 'start') {
      if (DROP_WITH_CONTENT.has(token.name)) {
        const foreignSelfClosing = token.selfClosing && (token.name === 'svg' || token.name === 'math');
        if (!VOID.has(token.name) && !foreignSelfClosing) dropping = { name: token.name, depth: 1 };
        continue;
      }
      if (!ALLOWED_TAGS[token.name]) continue; // unwrap: the content stays
      const tag = startTag(token.name, token.attrs);
      if (!tag) continue;
      out += tag;
      if (!VOID.has(token.name)) open.push(token.name);
    } else {
      // an end tag closes its element and any left open inside it; a stray one is ignored
      const at = open.lastIndexOf(token.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

const NO_TEXT = new Set(['script', 'style', 'template']);
/** Elements that separate words in the text a browser shows (inline ones do not). */
const BLOCK = new Set([
  'p',
  'br',
  'hr',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'table',
  'tr',
  'td',
  'th',
  'section',
  'article',
  'header',
  'footer',
]);

/** Plain text of stored HTML (for excerpts and meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  let text = '';
  let skip: string | null = null;
  for (const token of tokenize(html)) {
    if (skip) {
      if (token.kind === 'end' && token.name === skip) skip = null;
      continue;
    }
    if (token.kind === 'text') text += decodeEntities(token.text);
    else if (token.kind === 'start' && NO_TEXT.has(token.name) && !token.selfClosing) skip = token.name;
    else if (BLOCK.has(token.name)) text += ' ';
  }
  return text.replace(/\s+/g, ' ').trim();
}
