#!/usr/bin/env node
// Fails when the built bundle exceeds its budgets. Run after `vite build` (npm test does).
import { resolve } from 'node:path';
import { measureBundle } from '../tests/bench/bundle.mjs';
import { root } from './lib/pb-args.mjs';

const KB = 1024;
export const BUDGETS = {
  // what a first visit loads before the app runs: the entry and every chunk the boot script
  // asks for (187 kB at the time of writing); the entry alone is a small starter (2 kB)
  startJsGzip: 200 * KB,
  anyChunkGzip: 80 * KB,
  totalCssGzip: 40 * KB,
  precacheBytes: 2 * 1024 * KB,
};

const { chunks, entry, start, precache } = measureBundle(resolve(root, 'dist'));
const problems = [];
const entryChunk = chunks.find((c) => c.file === entry);
if (!entryChunk) problems.push(`entry chunk ${entry} not found in dist/assets`);
// a start-up file the bundle does not have would silently drop out of the sum
const startFiles = new Set(start);
for (const file of startFiles) {
  if (!chunks.some((c) => c.file === file))
    problems.push(`start-up file ${file} (index.html) not found in dist/assets`);
}
const startJs = chunks.filter((c) => startFiles.has(c.file)).reduce((n, c) => n + c.gzip, 0);
if (startJs > BUDGETS.startJsGzip)
  problems.push(`start-up JS: ${(startJs / KB).toFixed(1)} kB gzip > ${BUDGETS.startJsGzip / KB} kB`);
for (const c of chunks) {
  if (c.gzip > BUDGETS.anyChunkGzip)
    problems.push(`${c.file}: ${(c.gzip / KB).toFixed(1)} kB gzip > ${BUDGETS.anyChunkGzip / KB} kB`);
}
const css = chunks.filter((c) => c.kind === 'css').reduce((n, c) => n + c.gzip, 0);
if (css > BUDGETS.totalCssGzip)
  problems.push(`CSS: ${(css / KB).toFixed(1)} kB gzip > ${BUDGETS.totalCssGzip / KB} kB`);
if (precache.bytes > BUDGETS.precacheBytes)
  problems.push(`precache: ${(precache.bytes / KB).toFixed(0)} kB > ${BUDGETS.precacheBytes / KB} kB`);

console.log(
  `entry ${entry}: ${((entryChunk?.gzip ?? 0) / KB).toFixed(1)} kB gzip; start-up JS ${(startJs / KB).toFixed(1)} kB gzip (${startFiles.size} files); CSS ${(css / KB).toFixed(1)} kB gzip; ` +
    `precache ${precache.entries} entries, ${(precache.bytes / KB).toFixed(0)} kB`,
);
if (problems.length) {
  console.error(`Budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('bundle budgets: ok');
