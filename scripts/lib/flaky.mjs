// Flaky browser tests: a test that failed and then passed on its retry. `npm test` names
// each one and runs it again on its own; if it fails again there, the run fails
// (scripts/test.mjs, README "Flaky tests").

import { withoutColour } from './child-process.mjs';

const GIST_LINES = 12;
/** Where the repeats of a flaky test leave their own artefacts. */
const RERUN_OUTPUT = 'test-results/flaky-reruns';

/**
 * A failure message without colour codes, cut before its stack or call log and to its first
 * lines: the assertion and its expected/received diff (what was seen), which is all a reader of
 * the CI summary has to tell one failure from another.
 */
function gist(message) {
  const lines = [];
  for (const line of withoutColour(message).split('\n')) {
    if (/^\s+at\s/.test(line) || /^\s*Call log:/.test(line)) break;
    if (line.trim()) lines.push(line.trimEnd().slice(0, 300));
    if (lines.length === GIST_LINES) break;
  }
  return lines.map((l, i) => (i === 0 ? l.trim() : l)).join('\n      ');
}

/** Every test of a Playwright JSON report, flattened: {file, line, project, title, status, annotations, error}. */
export function testsOf(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        out.push({
          file: spec.file,
          line: spec.line,
          project: test.projectName,
          title: [...titles, spec.title].join(' › '),
          status: test.status,
          // a skip called inside the test is recorded on its result
          annotations: [...(test.annotations ?? []), ...(test.results ?? []).flatMap((r) => r.annotations ?? [])],
          // why its first failed try failed
          error: gist((test.results ?? []).find((r) => r.error)?.error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file && child.title ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

/** The tests that passed only on a retry. */
export function flakyTests(report) {
  return testsOf(report).filter((t) => t.status === 'flaky');
}

/** The tests that failed on every try. */
export function failedTests(report) {
  return testsOf(report).filter((t) => t.status === 'unexpected');
}

/** Failed tests of a Vitest JSON report, named `file › title` for the summary, with why on the next line. */
export function failedVitestTests(report, root) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = root && file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      const why = gist(a.failureMessages?.[0]);
      out.push(`${name} › ${a.fullName ?? a.title}${why ? `\n      ${why}` : ''}`);
    }
    // a file that fails to load has no assertions, only a message
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')) {
      out.push(`${name} › (file failed: ${String(file.message ?? '').split('\n')[0]})`);
    }
  }
  return out;
}

/** A browser test's name with why it failed on the next line, for the summary. */
export function describeFailure(t) {
  return t.error ? `${describeTest(t)}\n      ${t.error}` : describeTest(t);
}

/** How a test is named in the summary and selected for its re-run. */
export function describeTest(t) {
  return `[${t.project}] ${t.file}:${t.line} › ${t.title}`;
}

/** Playwright arguments that run one test `times` times with no retries. */
export function rerunArgs(t, times) {
  // --no-deps: a project's dependencies (pwa-update runs after desktop and phone) stay out of it.
  // --workers=1: the repeats run one after another, as tests that share dist/ must.
  // --output: a run empties its output folder first; the first run's failure (its screenshot,
  // error context and traced retry in test-results/) is what tells what went wrong, so it stays.
  return [
    'test',
    `${t.file}:${t.line}`,
    `--project=${t.project}`,
    '--no-deps',
    `--repeat-each=${times}`,
    '--retries=0',
    '--workers=1',
    `--output=${RERUN_OUTPUT}`,
  ];
}
