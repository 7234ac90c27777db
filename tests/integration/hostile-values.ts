// Values and bodies a hostile client sends, by the kind of field they are aimed at. Every
// value here must be refused by the field it is put in (tests/integration/hostile.test.ts).

export type Hostile = [label: string, value: unknown];

const MB = 'x'.repeat(1024 * 1024);

/** Not a string at all. */
const WRONG_TYPES: Hostile[] = [
  ['an object', { a: 1 }],
  ['an array', ['a', 'b']],
  ['a number', 12345],
  ['a boolean', true],
  ['a prototype object', JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')],
];

/** Strings no single-line text field may hold. */
export const TEXT: Hostile[] = [
  ...WRONG_TYPES,
  ['a 1 MB string', MB],
  ['control characters', 'a\u0000b\u0007c\u001b[31m'],
  ['a header injection', 'ada@example.com\r\nBcc: victim@example.com'],
  ['a right-to-left override', 'invoice\u202Efdp.exe'],
  ['a zero-width space', 'ad\u200Bmin'],
  ['a byte order mark', '\uFEFFhello'],
  ['markup', '<img src=x onerror=alert(1)>'],
];

/** Multi-line text (a message, chapter text): line breaks are fine, the rest is not. */
export const MULTILINE: Hostile[] = TEXT.filter(([label]) => label !== 'a header injection');

/** Values from a fixed list. */
export const CHOICE: Hostile[] = [
  ...TEXT,
  ['a filter expression', '" || 1=1 || "'],
  ['an unknown value', 'popup'],
  ['an empty string', ''],
];

/** Slugs and ids that name records. */
export const REFERENCE: Hostile[] = [
  ...TEXT,
  ['a filter expression', "x' || slug != '"],
  ['a path traversal', '../../../etc/passwd'],
  ['an unknown id', 'zzzzzzzzzzzzzzz'],
  ['SQL', '1; DROP TABLE users; --'],
];

/** Tokens and session ids. */
export const TOKEN: Hostile[] = [
  ...REFERENCE,
  ['a forged token', `${'a'.repeat(15)}.${'0'.repeat(64)}`],
  ['a long token', 'a'.repeat(10_000)],
];

/** Quantities and other whole numbers. */
export const COUNT: Hostile[] = [
  ['negative', -1],
  ['zero', 0],
  ['fractional', 1.5],
  ['huge', 1e308],
  ['beyond safe integers', Number.MAX_SAFE_INTEGER + 2],
  ['a numeric string', '1'],
  ['an object', { n: 1 }],
  ['an array', [1]],
  ['a boolean', true],
  ['null', null],
];

/** A JSON array nested `depth` deep, as text. */
function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Raw request bodies that are not a JSON object of fields. */
export const RAW_BODIES: [label: string, body: string, contentType: string][] = [
  ['an empty body', '', 'application/json'],
  ['broken JSON', '{"email": ', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['a JSON array', '[{"email": "a@example.com"}]', 'application/json'],
  ['a JSON string', '"hello"', 'application/json'],
  ['a JSON number', '1e999', 'application/json'],
  ['deeply nested JSON (20 000 levels)', deepJson(20_000), 'application/json'],
  ['deeply nested objects (5 000 levels)', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 'application/json'],
  [
    'prototype keys',
    '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}',
    'application/json',
  ],
  ['a body of 5 MB', JSON.stringify({ junk: 'x'.repeat(5 * 1024 * 1024) }), 'application/json'],
  ['plain text', 'email=a@example.com', 'text/plain'],
  ['a form', 'email=a%40example.com&__proto__%5Badmin%5D=1', 'application/x-www-form-urlencoded'],
  [
    'broken multipart',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    'multipart/form-data; boundary=x',
  ],
];

/** Extra fields a client may add to pose as someone else or reach into objects. */
export const EXTRA_FIELDS: Record<string, unknown> = JSON.parse(
  JSON.stringify({
    role: 'admin',
    verified: true,
    id: 'zzzzzzzzzzzzzzz',
    user_id: 'zzzzzzzzzzzzzzz',
    status: 'confirmed',
    price: 1,
    amount_total: 1,
  }).replace(/^\{/, '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}, '),
);
