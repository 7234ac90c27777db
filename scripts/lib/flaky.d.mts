export interface ReportedTest {
  file: string;
  line: number;
  project: string;
  title: string;
  status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
  annotations: { type: string; description?: string }[];
  /** Its first failed try's error up to the stack, at most 12 lines, joined for the summary ('' when none). */
  error: string;
}
export function testsOf(report: unknown): ReportedTest[];
export function flakyTests(report: unknown): ReportedTest[];
export function describeTest(t: ReportedTest): string;
export function rerunArgs(t: ReportedTest, times: number): string[];
export function failedTests(report: unknown): ReportedTest[];
export function failedVitestTests(report: unknown, root?: string): string[];
export function describeFailure(t: ReportedTest): string;
