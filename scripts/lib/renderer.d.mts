import type { ChildProcess } from 'node:child_process';
export const RENDERER_ENTRY: string;
/** RENDER_SECRET and a fresh private IMAGE_WORK_DIR for PocketBase and the renderer (values in `env` kept). */
export function rendererLink(env?: Record<string, string | undefined>): {
  RENDER_SECRET: string;
  IMAGE_WORK_DIR: string;
};
export function loopbackUrl(host: string | undefined, port: number | string): string;
export function startRenderer(opts: {
  port: number;
  pbUrl: string;
  siteUrl?: string;
  env?: Record<string, string | undefined>;
  stdio?: 'pipe' | 'inherit';
  restart?: boolean;
}): Promise<{ url: string; readonly child: ChildProcess; output(): string; stop(): Promise<void> }>;
