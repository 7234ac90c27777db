// Dead exports in pb_hooks: every name a hook module exports (`module.exports = {…}`) is used
// by another hook file (`require(`${__hooks}/lib/…`)`) or by a test that loads the module
// (loadHookModule). knip cannot follow these requires (PocketBase's CommonJS, paths built from
// `__hooks`), so this test does. The contract (lib/contract.gen.js) is left out: the PWA reads
// it too, and tests/unit/contract.test.ts keeps it whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { HOOKS_DIR } from '../support/hook-module';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CONTRACT = 'lib/contract.gen.js';

// biome-ignore lint/suspicious/noExplicitAny: an ESTree walk over oxc's JSON
type Node = any;

interface Source {
  /** Path from the repository root. */
  path: string;
  text: string;
}

function filesUnder(dir: string, test: (name: string) => boolean): Source[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && test(d.name))
    .map((d) => {
      const path = relative(ROOT, join(d.parentPath, d.name));
      return { path, text: readFileSync(join(ROOT, path), 'utf8') };
    });
}

function walk(node: Node, visit: (n: Node, parent: Node) => void, parent: Node = null): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, parent);
    return;
  }
  if (typeof node.type === 'string') visit(node, parent);
  for (const [key, child] of Object.entries(node)) if (key !== 'parent') walk(child, visit, node);
}

/** The names a hook module exports: the keys of its `module.exports = { … }`. */
function exportsOf(file: Source): string[] {
  const names: string[] = [];
  walk(parseSync(file.path, file.text).program, (n) => {
    if (
      n.type === 'AssignmentExpression' &&
      n.left.type === 'MemberExpression' &&
      n.left.object.name === 'module' &&
      n.left.property.name === 'exports'
    ) {
      const value = n.right.type === 'CallExpression' ? n.right.arguments[0] : n.right; // freeze({…})
      for (const p of value?.properties ?? []) if (p.key?.name) names.push(p.key.name);
    }
  });
  return names;
}

/**
 * The hook module a call loads ("lib/shop/stock.js"), or null: `require(`${__hooks}/lib/…`)`
 * in the hooks, `loadHookModule('lib/…')` in the tests.
 */
function moduleOf(call: Node): string | null {
  if (call?.type !== 'CallExpression') return null;
  const arg = call.arguments[0];
  if (call.callee.name === 'require' && arg?.type === 'TemplateLiteral') {
    const head = arg.quasis[0]?.value.cooked ?? '';
    const tail = arg.quasis[1]?.value.cooked ?? '';
    if (arg.expressions[0]?.name === '__hooks' && head === '' && tail.startsWith('/')) return tail.slice(1);
  }
  if (call.callee.name === 'loadHookModule' && arg?.type === 'Literal') return String(arg.value);
  return null;
}

/**
 * Every "module#name" a file uses: `require(m).name`, `const { name } = require(m)`,
 * `const v = require(m); v.name`, and the same through a function that returns
 * `require(m)` (`function mailer() { return require(…) }`). A module handed on whole
 * (`const v = require(m); f(v)`) counts as every export used: "module#*".
 */
function usesIn(file: Source): Set<string> {
  const used = new Set<string>();
  const program = parseSync(file.path, file.text).program;
  const aliases = new Map<string, string>(); // variable or function name → module
  // functions that return a module
  walk(program, (n) => {
    if (n.type === 'FunctionDeclaration' && n.id && n.body?.body?.length === 1) {
      const only = n.body.body[0];
      const m = only.type === 'ReturnStatement' ? moduleOf(only.argument) : null;
      if (m) aliases.set(n.id.name, m);
    }
  });
  // a module kept as an object's property (`{ input: require(m) }`, read as `hot.input.name`)
  const fields = new Map<string, string>();
  walk(program, (n) => {
    const m = n.type === 'Property' && !n.computed && n.key?.name ? moduleOf(n.value) : null;
    if (m) fields.set(n.key.name, m);
  });
  const target = (expr: Node): string | null => {
    const direct = moduleOf(expr);
    if (direct) return direct;
    if (expr?.type === 'MemberExpression' && !expr.computed) return fields.get(expr.property.name) ?? null;
    if (expr?.type === 'CallExpression' && expr.callee.type === 'Identifier' && expr.arguments.length === 0)
      return aliases.get(`${expr.callee.name}()`) ?? null;
    return null;
  };
  for (const [name, m] of [...aliases]) aliases.set(`${name}()`, m);
  // bindings: const { a, b } = require(m); const v = require(m)
  walk(program, (n) => {
    if (n.type !== 'VariableDeclarator') return;
    const m = target(n.init);
    if (!m) return;
    if (n.id.type === 'ObjectPattern') {
      for (const p of n.id.properties) used.add(p.type === 'RestElement' ? `${m}#*` : `${m}#${p.key.name}`);
    } else if (n.id.type === 'Identifier') aliases.set(n.id.name, m);
  });
  // member reads: require(m).x, v.x; any other use of v hands the whole module on
  walk(program, (n, parent) => {
    if (n.type === 'MemberExpression' && !n.computed) {
      const m = target(n.object) ?? (n.object.type === 'Identifier' ? aliases.get(n.object.name) : undefined);
      if (m) used.add(`${m}#${n.property.name}`);
      return;
    }
    if (n.type !== 'Identifier' || !aliases.has(n.name) || aliases.has(`${n.name}()`)) return;
    const declares = parent?.type === 'VariableDeclarator' && parent.id === n;
    const read = parent?.type === 'MemberExpression' && parent.object === n && !parent.computed;
    if (!declares && !read) used.add(`${aliases.get(n.name)}#*`);
  });
  return used;
}

const hookFiles = filesUnder('pb_hooks', (n) => n.endsWith('.js'));
const testFiles = filesUnder('tests', (n) => /\.(ts|tsx|mjs)$/.test(n)).filter((f) =>
  f.text.includes('loadHookModule'),
);

/** "file: lib/x.js#name" for every name a file takes from a hook module that does not export it. */
function missingExports(hooks: Source[], tests: Source[]): string[] {
  const exported = new Map(hooks.map((f) => [relative(HOOKS_DIR, join(ROOT, f.path)), new Set(exportsOf(f))]));
  const missing: string[] = [];
  for (const file of [...hooks, ...tests]) {
    for (const u of usesIn(file)) {
      const [mod = '', name = ''] = u.split('#');
      const names = exported.get(mod);
      if (name === '*' || mod === CONTRACT) continue;
      if (!names?.has(name)) missing.push(`${file.path}: ${mod}#${name}`);
    }
  }
  return missing;
}

/** "lib/x.js#name" for every export nothing outside its own module uses. */
function deadExports(hooks: Source[], tests: Source[]): string[] {
  const used = new Set<string>();
  for (const file of [...hooks, ...tests]) {
    const self = relative(HOOKS_DIR, join(ROOT, file.path));
    for (const u of usesIn(file)) if (!u.startsWith(`${self}#`)) used.add(u);
  }
  const dead: string[] = [];
  for (const file of hooks) {
    const mod = relative(HOOKS_DIR, join(ROOT, file.path));
    if (mod === CONTRACT || mod.endsWith('.pb.js') || used.has(`${mod}#*`)) continue;
    for (const name of exportsOf(file)) if (!used.has(`${mod}#${name}`)) dead.push(`pb_hooks/${mod}: ${name}`);
  }
  return dead;
}

describe('pb_hooks exports', () => {
  it('every exported name of a hook module is used by another hook file or a test', () => {
    expect(hookFiles.length).toBeGreaterThan(40);
    expect(deadExports(hookFiles, testFiles)).toEqual([]);
  });

  it('every name a hook file or a test takes from a hook module is exported by it', () => {
    expect(missingExports(hookFiles, testFiles)).toEqual([]);
  });

  it('sees every way the hooks use a module (so an unused export cannot hide)', () => {
    const lib = (path: string, text: string) => ({ path: `pb_hooks/lib/${path}`, text });
    // require(`${__hooks}/lib/<path>`) as the hooks write it
    const req = (path: string) => `require(\`$\{__hooks}/lib/${path}\`)`;
    const modules = [
      lib('a.js', 'function one() {}\nfunction two() {}\nmodule.exports = { one, two };'),
      lib('b.js', 'function three() {}\nfunction four() {}\nmodule.exports = { three, four };'),
      lib('c.js', 'function five() {}\nfunction six() {}\nmodule.exports = { five, six };'),
      lib('d.js', 'function seven() {}\nmodule.exports = { seven };'),
      lib('e.js', 'function eight() {}\nfunction ten() {}\nmodule.exports = { eight, ten };'),
    ];
    const user = {
      path: 'pb_hooks/x.pb.js',
      text: [
        `routerAdd("GET", "/x", (e) => ${req('a.js')}.one(e));`,
        `const { three } = ${req('b.js')};`,
        `function c() {\n  return ${req('c.js')};\n}`,
        'const m = c();\nm.five();',
        `const d = ${req('d.js')};\nhandOn(d);`,
        `globalThis.hot = { e: ${req('e.js')} };\nglobalThis.hot.e.eight();`,
      ].join('\n'),
    };
    expect(deadExports([...modules, user], [])).toEqual([
      'pb_hooks/lib/a.js: two',
      'pb_hooks/lib/b.js: four',
      'pb_hooks/lib/c.js: six',
      'pb_hooks/lib/e.js: ten',
    ]);
    const test = { path: 'tests/unit/x.test.ts', text: "const { two } = loadHookModule('lib/a.js');" };
    expect(deadExports([...modules, user], [test])).not.toContain('pb_hooks/lib/a.js: two');
    const wrong = { path: 'pb_hooks/y.pb.js', text: `${req('a.js')}.three();\nconst { nine } = ${req('b.js')};` };
    expect(missingExports(modules, [wrong]).sort()).toEqual([
      'pb_hooks/y.pb.js: lib/a.js#three',
      'pb_hooks/y.pb.js: lib/b.js#nine',
    ]);
  });
});
