// Character references in stored HTML, decoded the way browsers decode them: numeric ones
// always, named ones from the set that appears in written text. An unknown name stays as
// written (the sanitizer escapes its `&`, so a browser shows it literally too).

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
  colon: ':',
  tab: '\t',
  newline: '\n',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
  prime: '′',
  auml: 'ä',
  Auml: 'Ä',
  ouml: 'ö',
  Ouml: 'Ö',
  aring: 'å',
  Aring: 'Å',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  aacute: 'á',
  agrave: 'à',
  uuml: 'ü',
  Uuml: 'Ü',
  oslash: 'ø',
  Oslash: 'Ø',
  aelig: 'æ',
  AElig: 'Æ',
  ccedil: 'ç',
  ntilde: 'ñ',
  szlig: 'ß',
};

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/** Decodes `&#65;`, `&#x41;` (the `;` optional, as browsers allow) and known `&name;` references. */
export function decodeEntities(value: string): string {
  if (value.indexOf('&') === -1) return value;
  return value.replace(/&(?:#(\d{1,8});?|#x([0-9a-f]{1,7});?|([a-z][a-z0-9]{1,31});)/gi, (whole, dec, hex, name) => {
    if (dec) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole;
  });
}
