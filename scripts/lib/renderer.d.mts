import type { ChildProcess } from 'node:child_process';
export const RENDERER_ENTRY: string;
export function loopbackUrl(host: string | undefined, port: number | string): string;
export function startRenderer(opts: {
  port: number;
  pbUrl: string;
  siteUrl?: string;
  env?: Record<string, string | undefined>;
  stdio?: 'pipe' | 'inherit';
  restart?: boolean;
}): Promise<{ url: string; readonly child: ChildProcess; output(): string; stop(): Promise<void> }>;
