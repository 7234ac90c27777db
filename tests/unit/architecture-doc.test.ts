// docs/architecture.md says what is there; these tests fail when the tree and the document
// part: a hook file or a lib folder of pb_hooks it does not name, a feature it does not
// list, or a query that waits behind an `enabled` flag (the document says none does: a
// section that needs an id is a component rendered once the id exists).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
const section = (from: string, to: string) => doc.slice(doc.indexOf(from), doc.indexOf(to, doc.indexOf(from)));

const dirs = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

describe('docs/architecture.md matches the tree', () => {
  it('names every hook file', () => {
    const hooks = section('- **Hooks.**', '- **Served HTML.**');
    const files = readdirSync(join(ROOT, 'pb_hooks')).filter((f) => f.endsWith('.pb.js'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !hooks.includes(`\`${f.replace(/\.pb\.js$/, '')}\``))).toEqual([]);
  });

  it("names every folder of the hooks' lib/", () => {
    const hooks = section('- **Hooks.**', '- **Served HTML.**');
    expect(dirs('pb_hooks/lib').filter((d) => !hooks.includes(`lib/${d}/`))).toEqual([]);
  });

  it('lists every feature', () => {
    const client = section('## Client (`src/`)', '### Reading data');
    const listed = /features\/<d>\/\s+one folder per domain:([\s\S]*?)\n\s+api\//.exec(client)?.[1] ?? '';
    expect(dirs('src/features').filter((f) => !new RegExp(`\\b${f}\\b`).test(listed))).toEqual([]);
  });

  it('no query waits behind an `enabled` flag', () => {
    const found: string[] = [];
    const files = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true }).filter(
      (d) => d.isFile() && /\.tsx?$/.test(d.name),
    );
    for (const d of files) {
      const path = relative(ROOT, join(d.parentPath, d.name));
      const text = readFileSync(join(ROOT, path), 'utf8');
      if (!text.includes('enabled')) continue;
      // biome-ignore lint/suspicious/noExplicitAny: an ESTree walk over oxc's JSON
      const walk = (n: any): void => {
        if (!n || typeof n !== 'object') return;
        if (Array.isArray(n)) {
          for (const c of n) walk(c);
          return;
        }
        if (n.type === 'CallExpression' && /^(useQuery|useSuspenseQuery|useQueries|queryOptions)$/.test(n.callee?.name))
          for (const arg of n.arguments)
            for (const p of arg.properties ?? [])
              if (p.key?.name === 'enabled') found.push(`${path}: ${text.slice(p.start, p.end)}`);
        for (const [k, c] of Object.entries(n)) if (k !== 'parent') walk(c);
      };
      walk(parseSync(path, text).program);
    }
    expect(found).toEqual([]);
  });
});
