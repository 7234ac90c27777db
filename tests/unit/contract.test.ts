// The contract between the PWA and the hooks: values both sides must agree on are written
// once (contract/shared.mjs and the migrations) and generated into
// src/lib/contract/contract.gen.ts and pb_hooks/lib/contract.gen.js. These tests fail when
// a side drifts: the two generated modules differ, a hook names a collection by hand, or
// either side keeps its own copy of a shared value. Freshness of the generated files
// against their sources: tests/integration/schema.test.ts; the server accepting exactly
// the PWA's values: tests/integration/contract.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { tokenizer } from 'acorn';
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
  name: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

/** Every string and template chunk of a hook file (comments and regular expressions skipped). */
function stringsOf(text: string): Array<{ value: string; line: number }> {
  const out: Array<{ value: string; line: number }> = [];
  for (const t of tokenizer(text, {
    ecmaVersion: 'latest',
    sourceType: 'script',
    allowReturnOutsideFunction: true,
    locations: true,
  })) {
    // string and template tokens carry their cooked text (acorn's types leave `value` out)
    const value = (t as { value?: unknown }).value;
    if ((t.type.label === 'string' || t.type.label === 'template') && typeof value === 'string') {
      out.push({ value, line: t.loc?.start.line ?? 0 });
    }
  }
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

/** The hand-written values both sides share, as they would appear if someone copied them. */
function sharedStrings(): string[] {
  return [
    ...client.CONTACT_SUBJECTS,
    client.INQUIRY_SUBJECT_PREFIX.trim(),
    client.DEFAULT_DESCRIPTION,
    client.COURSE_SLUG,
    client.DEFAULT_CONSENT_VERSION,
    ...Object.values(client.CONSENT_TEXT_VERSIONS),
  ];
}
const sharedPatterns = [client.EMAIL_PATTERN, client.CLIENT_ID_PATTERN, client.CONSENT_VERSION_PATTERN].map(
  (p) => p.source,
);

describe('one contract for the PWA and the hooks', () => {
  it('the hooks read the same values as the PWA', () => {
    expect(plain({ ...hooks })).toEqual(plain({ ...client }));
  });

  it('the hooks cannot change the contract at run time', () => {
    expect(Object.isFrozen(hooks)).toBe(true);
    expect(Object.isFrozen(hooks.Collections)).toBe(true);
    expect(Object.isFrozen(hooks.Enums.newsletter_subscribers.consent_source)).toBe(true);
  });

  it('hooks name collections only through the contract', () => {
    const names = Object.values(client.Collections) as string[];
    const found: string[] = [];
    for (const file of hookFiles) {
      if (NOT_ON_CONTRACT.has(file.name)) continue;
      for (const s of stringsOf(file.text)) {
        if (names.some((n) => s.value === n || s.value.startsWith(`${n}/`)))
          found.push(`${file.name}:${s.line} "${s.value}"`);
      }
    }
    expect(found).toEqual([]);
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
    const copies: string[] = [];
    for (const file of hookFiles) {
      for (const s of stringsOf(file.text))
        if (sharedStrings().includes(s.value)) copies.push(`pb_hooks/${file.name}:${s.line} "${s.value}"`);
      for (const p of sharedPatterns) if (file.text.includes(p)) copies.push(`pb_hooks/${file.name}: /${p}/`);
    }
    for (const file of srcFiles) {
      for (const value of sharedStrings()) {
        for (const q of ["'", '"', '`'])
          if (file.text.includes(`${q}${value}${q}`)) copies.push(`src/${file.name}: ${q}${value}${q}`);
      }
      for (const p of sharedPatterns) if (file.text.includes(p)) copies.push(`src/${file.name}: /${p}/`);
    }
    expect(copies).toEqual([]);
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
