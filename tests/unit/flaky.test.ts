// How `npm test` finds flaky browser tests in Playwright's JSON report and runs them again.
import { describe, expect, it } from 'vitest';
import {
  describeFailure,
  describeTest,
  failedTests,
  failedVitestTests,
  flakyTests,
  rerunArgs,
  testsOf,
} from '../../scripts/lib/flaky.mjs';

const test = (projectName: string, status: string) => ({ projectName, status, results: [] });
const report = {
  suites: [
    {
      title: 'forms.spec.ts',
      file: 'forms.spec.ts',
      line: 0,
      specs: [
        {
          title: 'top level',
          file: 'forms.spec.ts',
          line: 61,
          tests: [test('desktop', 'expected'), test('phone', 'flaky')],
        },
      ],
      suites: [
        {
          title: 'contact',
          file: 'forms.spec.ts',
          line: 76,
          specs: [
            {
              title: 'sends a message',
              file: 'forms.spec.ts',
              line: 77,
              tests: [test('desktop', 'flaky'), test('phone', 'unexpected')],
            },
          ],
        },
      ],
    },
    {
      title: 'pwa-update.spec.ts',
      file: 'pwa-update.spec.ts',
      line: 0,
      specs: [{ title: 'a deploy', file: 'pwa-update.spec.ts', line: 9, tests: [test('pwa-update', 'skipped')] }],
    },
  ],
};

describe('flaky browser tests', () => {
  it('reads every test with its describe titles and project', () => {
    expect(testsOf(report).map(describeTest)).toEqual([
      '[desktop] forms.spec.ts:61 › top level',
      '[phone] forms.spec.ts:61 › top level',
      '[desktop] forms.spec.ts:77 › contact › sends a message',
      '[phone] forms.spec.ts:77 › contact › sends a message',
      '[pwa-update] pwa-update.spec.ts:9 › a deploy',
    ]);
  });

  it('a test that passed on its retry is flaky; one that failed every attempt is not', () => {
    expect(flakyTests(report).map(describeTest)).toEqual([
      '[phone] forms.spec.ts:61 › top level',
      '[desktop] forms.spec.ts:77 › contact › sends a message',
    ]);
  });

  it('is run again alone, in its own project only, without retries', () => {
    const [first] = flakyTests(report);
    expect(rerunArgs(first!, 3)).toEqual([
      'test',
      'forms.spec.ts:61',
      '--project=phone',
      '--no-deps',
      '--repeat-each=3',
      '--retries=0',
      '--workers=1',
      '--output=test-results/flaky-reruns',
    ]);
  });

  it('a report without suites has no tests', () => {
    expect(testsOf({})).toEqual([]);
  });

  it('names the browser tests that failed every attempt, for the end of the summary', () => {
    expect(failedTests(report).map(describeTest)).toEqual(['[phone] forms.spec.ts:77 › contact › sends a message']);
  });
});

describe('failed unit and integration tests', () => {
  it('are named by file (relative to the repo) and full title; a file that did not load is named too', () => {
    const vitest = {
      testResults: [
        {
          name: '/repo/tests/unit/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'cart adds a print', title: 'adds a print', status: 'passed' },
            {
              fullName: 'cart keeps the currency',
              title: 'keeps the currency',
              status: 'failed',
              failureMessages: [
                '\u001b[31mAssertionError\u001b[39m: expected 11.1 to be 11.2\n    at row (a.test.ts:3:4)',
              ],
            },
          ],
        },
        {
          name: '/repo/tests/unit/b.test.ts',
          status: 'failed',
          message: 'Cannot find module x\nstack',
          assertionResults: [],
        },
        { name: '/repo/tests/unit/c.test.ts', status: 'passed', assertionResults: [{ title: 'ok', status: 'passed' }] },
      ],
    };
    expect(failedVitestTests(vitest, '/repo')).toEqual([
      'tests/unit/a.test.ts › cart keeps the currency\n      AssertionError: expected 11.1 to be 11.2',
      'tests/unit/b.test.ts › (file failed: Cannot find module x)',
    ]);
  });
});

describe('why a test failed', () => {
  it("a browser test that failed is named with its first failed try's message, colour codes removed", () => {
    const failing = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [
            {
              title: 'counts down',
              file: 'a.spec.ts',
              line: 104,
              tests: [
                {
                  projectName: 'phone',
                  status: 'flaky',
                  results: [
                    {
                      status: 'failed',
                      error: { message: '\n\u001b[2mexpect(\u001b[22mlocator).toHaveText()\nExpected: "1 left"' },
                    },
                    { status: 'passed' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const [t] = flakyTests(failing);
    expect(describeFailure(t!)).toBe(
      '[phone] a.spec.ts:104 › counts down\n      expect(locator).toHaveText()\n      Expected: "1 left"',
    );
  });

  it('keeps what was received (a deep-equality diff), not the stack or the call log', () => {
    const message = [
      'Error: expect(received).toEqual(expected) // deep equality',
      '',
      '- Expected  - 1',
      '+ Received  + 3',
      '',
      '- Array []',
      '+ Array [',
      '+   "stop 9: a \\"Buy\\" at 700–744px under toast \\"Ready\\"",',
      '+ ]',
      '    at /repo/tests/e2e/a.spec.ts:121:20',
    ].join('\n');
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const long = { results: [{ status: 'failed', error: { message: lines } }] };
    const [diff, many] = testsOf({
      suites: [
        {
          specs: [
            {
              title: 'a',
              file: 'a.spec.ts',
              line: 1,
              tests: [{ projectName: 'phone', status: 'flaky', results: [{ status: 'failed', error: { message } }] }],
            },
            { title: 'b', file: 'a.spec.ts', line: 2, tests: [{ projectName: 'phone', status: 'flaky', ...long }] },
          ],
        },
      ],
    });
    expect(diff!.error.split('\n      ')).toEqual([
      'Error: expect(received).toEqual(expected) // deep equality',
      '- Expected  - 1',
      '+ Received  + 3',
      '- Array []',
      '+ Array [',
      '+   "stop 9: a \\"Buy\\" at 700–744px under toast \\"Ready\\"",',
      '+ ]',
    ]);
    expect(many!.error.split('\n      ')).toHaveLength(12);
  });

  it('a test without an error is named alone', () => {
    const [t] = testsOf(report);
    expect(describeFailure(t!)).toBe('[desktop] forms.spec.ts:61 › top level');
  });
});
