// Skipped tests. A browser test may skip for one listed reason only: it belongs to one
// Playwright project (viewport) and not the other (tests/e2e/fixtures.ts onlyInProject). Any
// other skip is a test that switched itself off (say, because the server it found was set up
// differently), and `npm test` fails on it, naming it.
import { testsOf } from './flaky.mjs';

/** The listed skip reasons: each is the start of a skip's description. */
export const PROJECT_ONLY = Object.freeze({ desktop: 'desktop project only', phone: 'phone project only' });

const allowed = (description) => Object.values(PROJECT_ONLY).some((p) => description.startsWith(`${p}: `));

/** Skipped tests of a Playwright JSON report: {file, line, project, title, reason, allowed}. */
export function skippedBrowserTests(report) {
  return testsOf(report)
    .filter((t) => t.status === 'skipped')
    .map((t) => {
      const reason = t.annotations.find((a) => a.type === 'skip')?.description ?? '';
      return { ...t, reason, allowed: allowed(reason) };
    });
}

/** Skipped tests of a Vitest JSON report, named `file › title`. */
export function skippedVitestTests(report, root) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = root && file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    for (const a of file.assertionResults ?? []) {
      if (['pending', 'skipped', 'todo'].includes(a.status)) out.push(`${name} › ${a.fullName ?? a.title}`);
    }
  }
  return out;
}
