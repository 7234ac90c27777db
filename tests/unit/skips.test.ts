// How `npm test` names skipped tests and tells a listed skip (the test belongs to the other
// Playwright project) from a test that switched itself off.
import { describe, expect, it } from 'vitest';
import { PROJECT_ONLY, skippedBrowserTests, skippedVitestTests } from '../../scripts/lib/skips.mjs';

const skipped = (projectName: string, description: string) => ({
  projectName,
  status: 'skipped',
  annotations: [],
  results: [{ annotations: [{ type: 'skip', description }] }],
});
const report = {
  suites: [
    {
      title: 'course.spec.ts',
      file: 'course.spec.ts',
      line: 0,
      specs: [
        {
          title: 'pinch zooms',
          file: 'course.spec.ts',
          line: 12,
          tests: [
            skipped('desktop', `${PROJECT_ONLY.phone}: touch gestures`),
            { projectName: 'phone', status: 'expected', annotations: [], results: [{ annotations: [] }] },
          ],
        },
        {
          title: 'enrols through checkout',
          file: 'course.spec.ts',
          line: 40,
          tests: [skipped('desktop', 'payments are not configured on this server')],
        },
      ],
    },
  ],
};

describe('skipped tests', () => {
  it('a browser test skipped in the other project is a listed skip; any other skip is not', () => {
    expect(skippedBrowserTests(report).map((t) => [t.project, t.title, t.reason, t.allowed])).toEqual([
      ['desktop', 'pinch zooms', 'phone project only: touch gestures', true],
      ['desktop', 'enrols through checkout', 'payments are not configured on this server', false],
    ]);
  });

  it('a skip whose description only mentions a project is not a listed one', () => {
    const r = structuredClone(report);
    r.suites[0]!.specs[0]!.tests[0] = skipped('desktop', 'desktop only');
    expect(skippedBrowserTests(r)[0]?.allowed).toBe(false);
  });

  it('skipped, pending and todo unit tests are named by file and title', () => {
    const vitest = {
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          assertionResults: [
            { status: 'passed', fullName: 'runs' },
            { status: 'skipped', fullName: 'is skipped' },
            { status: 'todo', fullName: 'is to do' },
          ],
        },
      ],
    };
    expect(skippedVitestTests(vitest, '/repo')).toEqual([
      'tests/unit/a.test.ts › is skipped',
      'tests/unit/a.test.ts › is to do',
    ]);
  });
});
