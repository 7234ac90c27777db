// The contract between the PWA and the hooks: values both sides must agree on are written
// once (contract/shared.mjs and the migrations) and generated into
// src/lib/contract/contract.gen.ts and pb_hooks/lib/contract.gen.js. These tests fail when
// a side drifts: the two generated modules differ, either side names a collection by hand or
// takes collection names from anywhere but the contract, or either side keeps its own copy of
// a shared value (a string, a pattern, a telling number, or a constant of the contract's name
// written out). Freshness of the generated files against their sources:
// tests/integration/schema.test.ts; the server accepting exactly the PWA's values:
// tests/integration/contract.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import * as client from '@/lib/contract/contract.gen';
import { newClientId } from '@/lib/forms/client-id';
import { HOOKS_DIR, loadHookModule } from '../support/hook-module';

type Contract = typeof client;
const hooks = loadHookModule<Contract>('lib/contract.gen.js');
const SRC = resolve(import.meta.dirname, '..', '..', 'src');

// Files that may name collections by hand (none left).
const NOT_ON_CONTRACT = new Set<string>([]);

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && test(d.name))
    .map((d) => join(d.parentPath, d.name));
}

const hookFiles = filesUnder(HOOKS_DIR, (n) => n.endsWith('.js') && !n.endsWith('.gen.js')).map((path) => ({
  path,
  name: relative(HOOKS_DIR, path),
  text: readFileSync(path, 'utf8'),
}));
const srcFiles = filesUnder(SRC, (n) => /\.tsx?$/.test(n) && !/\.gen\.ts$/.test(n)).map((path) => ({
  path,
  name: `src/${relative(SRC, path)}`,
  text: readFileSync(path, 'utf8'),
}));
/** The generated record types: types only, their names are the contract's. */
const recordTypes = readFileSync(join(SRC, 'lib', 'pocketbase', 'types.gen.ts'), 'utf8');

interface Literal {
  kind: 'string' | 'number' | 'regexp';
  value: string | number;
  line: number;
}

/** Every literal in a file's code (comments skipped): strings, template chunks, numbers, patterns. */
function literalsOf(name: string, text: string): Literal[] {
  const result = parseSync(name, text);
  if (result.errors.length) throw new Error(`${name}: ${result.errors[0]!.message}`);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const out: Literal[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    const n = node as { type?: string; value?: unknown; regex?: { pattern: string } | null; start?: number };
    if (n.type === 'Literal') {
      if (n.regex) out.push({ kind: 'regexp', value: n.regex.pattern, line: lineOf(n.start!) });
      else if (typeof n.value === 'string' || typeof n.value === 'number')
        out.push({ kind: typeof n.value as 'string' | 'number', value: n.value, line: lineOf(n.start!) });
    } else if (n.type === 'TemplateElement') {
      const cooked = (n.value as { cooked?: string } | undefined)?.cooked;
      if (cooked) out.push({ kind: 'string', value: cooked, line: lineOf(n.start!) });
    }
    for (const [key, child] of Object.entries(n)) if (key !== 'parent') walk(child);
  };
  walk(result.program);
  return out;
}

/** Plain data with regular expressions written as their source, to compare the two modules. */
function plain(value: unknown): unknown {
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** The hand-written constants of contract/shared.mjs (everything but Collections and Enums). */
const sharedConstants = Object.fromEntries(
  Object.entries(client).filter(([name]) => name !== 'Collections' && name !== 'Enums'),
);

/** Every leaf value of the shared constants: what a copy would repeat. */
function leaves(value: unknown): Array<string | number | RegExp> {
  if (value instanceof RegExp || typeof value === 'string' || typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [];
}
const sharedLeaves = leaves(sharedConstants);
const sharedStrings = new Set(sharedLeaves.filter((v): v is string => typeof v === 'string').map((v) => v.trim()));
const sharedPatterns = sharedLeaves.filter((v): v is RegExp => v instanceof RegExp).map((p) => p.source);
/**
 * Numbers that tell a copy on their own (254, 11.5): not whole, or whole above 100 and not
 * round. Round and small numbers (2, 20, 300) are everywhere; their copies are caught by name.
 */
const tellingNumbers = new Set(
  sharedLeaves.filter((v): v is number => typeof v === 'number' && (!Number.isInteger(v) || (v > 100 && v % 10 !== 0))),
);

/**
 * The paths the hooks register routes at (`routerAdd("POST", "/api/…"`). A route is declared
 * where it is served, as a literal (the hostile suite lists them from the source); the test
 * below checks that every path the contract names is one of them.
 */
const ROUTE_DECLARATION = /routerAdd\(\s*"[A-Z]+",\s*"([^"{]+?)\/?(?:\{[^"]*)?"/g;
function routePaths(text: string): Set<string> {
  return new Set([...text.matchAll(ROUTE_DECLARATION)].map((m) => m[1]!));
}

/** Copies of shared values in one file: "file:line what". */
function copiesIn(file: { name: string; text: string }): string[] {
  const found: string[] = [];
  const routes = routePaths(file.text);
  for (const lit of literalsOf(file.name, file.text)) {
    if (lit.kind === 'string' && routes.has(String(lit.value).replace(/\/\{.*$/, ''))) continue;
    if (lit.kind === 'string' && sharedStrings.has(String(lit.value).trim()))
      found.push(`${file.name}:${lit.line} "${lit.value}"`);
    if (lit.kind === 'regexp' && sharedPatterns.includes(String(lit.value)))
      found.push(`${file.name}:${lit.line} /${lit.value}/`);
    if (lit.kind === 'number' && tellingNumbers.has(lit.value as number))
      found.push(`${file.name}:${lit.line} ${lit.value}`);
  }
  // a constant named like one of the contract's, written out instead of read from it
  for (const m of file.text.matchAll(/\bconst\s+([A-Z][A-Z0-9_]+)\b[^=]*=\s*([^;]*)/g)) {
    const name = m[1]!;
    if (!(name in sharedConstants)) continue;
    const own = new Set(leaves(sharedConstants[name]).map((v) => (v instanceof RegExp ? v.source : String(v))));
    const written = literalsOf(file.name, `(${m[2]})`).map((l) => String(l.value));
    if (written.some((v) => own.has(v))) found.push(`${file.name}: const ${name} written out`);
  }
  return found;
}

describe('one contract for the PWA and the hooks', () => {
  it('the hooks read the same values as the PWA', () => {
    expect(plain({ ...hooks })).toEqual(plain({ ...client }));
  });

  it('the hooks cannot change the contract at run time', () => {
    expect(Object.isFrozen(hooks)).toBe(true);
    expect(Object.isFrozen(hooks.Collections)).toBe(true);
    expect(Object.isFrozen(hooks.Enums.newsletter_subscribers.consent_source)).toBe(true);
  });

  it('neither side names a collection by hand', () => {
    const names = Object.values(client.Collections) as string[];
    const found: string[] = [];
    for (const file of [...hookFiles.map((f) => ({ ...f, name: `pb_hooks/${f.name}` })), ...srcFiles]) {
      if (NOT_ON_CONTRACT.has(file.name)) continue;
      for (const lit of literalsOf(file.name, file.text)) {
        const v = String(lit.value);
        if (lit.kind === 'string' && names.some((n) => v === n || v.startsWith(`${n}/`)))
          found.push(`${file.name}:${lit.line} "${v}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the PWA takes collection names only from the contract', () => {
    // the record types (types.gen.ts) hold types only: no second list of names
    expect(recordTypes).toMatch(/import type \{ Collections \} from '@\/lib\/contract\/contract\.gen'/);
    expect(recordTypes).not.toMatch(/^export (const|let|var|function|enum|class)\b/m);
    const elsewhere = srcFiles.flatMap((f) =>
      [...f.text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g)]
        .filter((m) => /\bCollections\b/.test(m[1]!) && !/(^@|\.)\/lib\/contract\/contract\.gen$/.test(m[2]!))
        .map((m) => `${f.name}: Collections from ${m[2]}`),
    );
    expect(elsewhere).toEqual([]);
  });

  it('every collection and select field the hooks look up exists in the contract', () => {
    const missing: string[] = [];
    for (const file of hookFiles) {
      for (const m of file.text.matchAll(/\bCollections\.(\w+)/g)) {
        if (!(m[1]! in client.Collections)) missing.push(`${file.name}: Collections.${m[1]}`);
      }
      for (const m of file.text.matchAll(/\bEnums\.(\w+)\.(\w+)/g)) {
        const fields = (client.Enums as Record<string, Record<string, unknown>>)[m[1]!];
        if (!fields || !(m[2]! in fields)) missing.push(`${file.name}: Enums.${m[1]}.${m[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('neither side keeps its own copy of a shared value', () => {
    const copies = [...hookFiles.map((f) => ({ ...f, name: `pb_hooks/${f.name}` })), ...srcFiles].flatMap(copiesIn);
    expect(copies).toEqual([]);
  });

  it('every API path in the contract is a route the hooks register', () => {
    const registered = new Set(hookFiles.flatMap((f) => [...routePaths(f.text)]));
    expect(registered.has(client.VIDEO_UPLOAD.path)).toBe(true);
  });

  it('finds a copy of each kind (so the check above can fail)', () => {
    const file = (text: string) => copiesIn({ name: 'src/x.ts', text });
    expect(file(`const subject = '${client.CONTACT_SUBJECTS[1]}';`)).toHaveLength(1);
    expect(file(`const label = \`\${greeting} ${client.FALLBACK_SITE_NAME}\`;`)).toHaveLength(1);
    expect(file(`const a = '${client.FALLBACK_SITE_NAME}';`)).toHaveLength(1);
    expect(file(`const ok = (v: string) => v.length <= ${client.FORM_LIMITS.email};`)).toHaveLength(1);
    expect(file(`const sek = ${client.FALLBACK_RATES.sek};`)).toHaveLength(1);
    expect(file(`const re = /${client.EMAIL_PATTERN.source}/;`)).toHaveLength(1);
    expect(file(`const ORDER_LIMITS = { lines: ${client.ORDER_LIMITS.lines}, copiesPerPrint: 2 };`)).toHaveLength(1);
    expect(file(`const n = '${client.IMAGE_COLLECTIONS[0]}';`)).toHaveLength(1);
    // read from the contract: no copy
    expect(file('const ORDER = ORDER_LIMITS.lines; const FALLBACK_RATES = contract.FALLBACK_RATES;')).toEqual([]);
  });

  it('the PWA never imports hook code', () => {
    const imports = srcFiles
      .filter((f) => /(?:from\s+|import\(\s*|require\(\s*)['"`][^'"`]*pb_hooks/.test(f.text))
      .map((f) => f.name);
    expect(imports).toEqual([]);
  });

  it("the browser's form ids pass the server's check", () => {
    for (let i = 0; i < 20; i++) expect(newClientId()).toMatch(client.CLIENT_ID_PATTERN);
  });

  it("every form's consent text version passes the server's check", () => {
    for (const source of client.Enums.newsletter_subscribers.consent_source) {
      const version = client.CONSENT_TEXT_VERSIONS[source];
      expect(version).toMatch(client.CONSENT_VERSION_PATTERN);
      expect(version.length).toBeLessThanOrEqual(client.FORM_LIMITS.consentVersion);
    }
    expect(client.DEFAULT_CONSENT_VERSION).toMatch(client.CONSENT_VERSION_PATTERN);
  });
});
