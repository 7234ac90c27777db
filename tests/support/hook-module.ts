// Loads a pb_hooks CommonJS module in Node, for tests that compare the hooks with the PWA.
// The package is "type": "module", so Node would read pb_hooks/lib/*.js as ES modules;
// the file is evaluated by hand instead, with `__hooks` and a `require` of other hook
// modules (`${__hooks}/lib/…`). Only for modules that use no PocketBase globals when loaded.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

export const HOOKS_DIR = resolve(import.meta.dirname, '..', '..', 'pb_hooks');

/** `path` relative to pb_hooks/, e.g. "lib/course/progress-merge.js". */
export function loadHookModule<T = Record<string, unknown>>(path: string): T {
  const module = { exports: {} as unknown };
  const require = (spec: string) => {
    const rel = relative(HOOKS_DIR, resolve(HOOKS_DIR, spec));
    if (rel.startsWith('..')) throw new Error(`${path} requires ${spec}, outside pb_hooks`);
    return loadHookModule(rel);
  };
  new Function('module', 'exports', 'require', '__hooks', readFileSync(resolve(HOOKS_DIR, path), 'utf8'))(
    module,
    module.exports,
    require,
    HOOKS_DIR,
  );
  return module.exports as T;
}
