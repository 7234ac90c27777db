import type { ReportedTest } from './flaky.mjs';

export const PROJECT_ONLY: Readonly<{ desktop: string; phone: string }>;
export function skippedBrowserTests(report: unknown): (ReportedTest & { reason: string; allowed: boolean })[];
export function skippedVitestTests(report: unknown, root?: string): string[];
