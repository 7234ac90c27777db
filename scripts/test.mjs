#!/usr/bin/env node
// `npm test`: obtains what the tests need, then typecheck, lint, build, unit, integration, e2e
// (the server-render integration tests run the built renderer).
// Runs every step, prints one summary, exits non-zero when anything failed. A browser test
// that passes only on its retry is flaky: it is named in the summary and run again on its
// own FLAKY_RERUNS times; failing any of those fails the run (README "Flaky tests").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensurePocketBase, ensureStripeMock, ensureVersityGw } from './lib/binaries.mjs';
import { buildIfStale } from './lib/build.mjs';
import { describeFailure, describeTest, failedTests, failedVitestTests, flakyTests, rerunArgs } from './lib/flaky.mjs';
import { root } from './lib/pb-args.mjs';
import { skippedBrowserTests, skippedVitestTests } from './lib/skips.mjs';

const bin = (name) => resolve(root, 'node_modules/.bin', name);
const FLAKY_RERUNS = 3;
const reports = resolve(root, 'tests/.tmp');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log('[atelier] installing Debian Chromium for the browser tests (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const res = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
    if (res.status === 0 && existsSync(path)) return path;
  }
  throw new Error(
    `Chromium not found at ${path}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
}

const steps = [];
function step(name, fn) {
  const started = Date.now();
  const failedBefore = failed;
  console.log(`\n━━ ${name}`);
  let ok = false;
  try {
    ok = fn() !== false;
  } catch (err) {
    console.error(String(err?.message ?? err));
  }
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000, failedTests: failed - failedBefore });
  return ok;
}
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

let passed = 0,
  failed = 0,
  skipped = 0;
let flaky = [];
// named again at the end of the summary, where a CI log's tail shows them
const failedNames = [];
// every skipped test, by name and reason; a browser test skipped for an unlisted reason fails the run
const skippedNames = [];
const unlistedSkips = [];
function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  failedNames.push(...failedVitestTests(r, root));
  skippedNames.push(...skippedVitestTests(r, root));
}
function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  passed += stats.expected;
  failed += stats.unexpected;
  skipped += stats.skipped;
  flaky = flakyTests(report);
  failedNames.push(...failedTests(report).map(describeFailure));
  for (const t of skippedBrowserTests(report)) {
    const name = `${describeTest(t)} (${t.reason || 'no reason given'})`;
    skippedNames.push(name);
    if (!t.allowed) unlistedSkips.push(name);
  }
}

const ready = step('fetch tools (PocketBase, stripe-mock, versitygw, Chromium)', () => {
  console.log(ensurePocketBase());
  console.log(ensureStripeMock());
  console.log(ensureVersityGw());
  process.env.CHROMIUM_PATH = ensureChromium();
  console.log(process.env.CHROMIUM_PATH);
});
step('typecheck (tsc -b)', () => run(bin('tsc'), ['-b']));
step('lint and formatting (biome ci), dead code (knip)', () =>
  [run(bin('biome'), ['ci', '.']), run(bin('knip'), ['--no-progress'])].every(Boolean),
);
const built = step('build (vite build)', () => buildIfStale({ force: true }) !== null);
for (const project of ['unit', 'integration']) {
  step(`${project} tests (vitest)`, () => {
    const out = resolve(reports, `vitest-${project}.json`);
    const ok = run(bin('vitest'), [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ]);
    countVitest(out);
    return ok;
  });
}
step('bundle budgets', () => built && run(process.execPath, ['scripts/check-budgets.mjs']));
step('e2e tests (playwright)', () => {
  if (!ready || !built) throw new Error('skipped: tools or build missing');
  const out = resolve(reports, 'playwright.json');
  // one retry, so that a test failing only sometimes is told apart from one that fails
  const ok = run(bin('playwright'), ['test', '--retries=1', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  countPlaywright(out);
  return ok;
});
step('e2e skips: only the listed reasons (scripts/lib/skips.mjs)', () => {
  if (!unlistedSkips.length) return true;
  console.error(`browser tests that skipped for a reason that is not listed:\n  ${unlistedSkips.join('\n  ')}`);
  return false;
});
const flakyAgain = [];
if (flaky.length) {
  step(`flaky e2e tests, each run ${FLAKY_RERUNS} more times`, () => {
    for (const t of flaky) {
      console.log(`\n${describeTest(t)}`);
      if (!run(bin('playwright'), [...rerunArgs(t, FLAKY_RERUNS), '--reporter=list'])) flakyAgain.push(t);
    }
    return flakyAgain.length === 0;
  });
}

console.log('\n━━ summary');
for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name}  (${s.seconds.toFixed(1)} s)`);
if (flaky.length) {
  console.log('\nflaky (failed, then passed on retry):');
  for (const t of flaky)
    console.log(`  ${flakyAgain.includes(t) ? 'FAILED AGAIN' : 'passed again'}  ${describeFailure(t)}`);
}
if (skippedNames.length) {
  console.log('\nskipped:');
  for (const name of skippedNames) console.log(`  ${unlistedSkips.includes(name) ? 'NOT LISTED  ' : ''}${name}`);
}
if (failedNames.length) {
  console.log('\nfailed:');
  for (const name of failedNames) console.log(`  ${name}`);
}
const stepFailures = steps.filter((s) => !s.ok).length;
// a step that failed without a failed test of its own (typecheck, lint, a flaky test failing
// again) counts as one; a test step's failed tests are already counted
const bareStepFailures = steps.filter((s) => !s.ok && s.failedTests === 0).length;
console.log(
  `\ntests: ${passed} passed, ${flaky.length} flaky, ${failed + bareStepFailures} failed, ${skipped} skipped`,
);
process.exit(stepFailures ? 1 : 0);
