// Loads a pb_hooks CommonJS module in Node, for tests that compare the hooks with the PWA.
// The package is "type": "module", so Node would read pb_hooks/lib/*.js as ES modules;
// the file is evaluated by hand instead. Only for modules that require nothing.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const HOOKS_DIR = resolve(import.meta.dirname, '..', '..', 'pb_hooks');

/** `path` relative to pb_hooks/, e.g. "lib/course/progress-merge.js". */
export function loadHookModule<T = Record<string, unknown>>(path: string): T {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', readFileSync(resolve(HOOKS_DIR, path), 'utf8'))(module, module.exports);
  return module.exports as T;
}
