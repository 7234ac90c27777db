import type { ChildProcess } from 'node:child_process';
export function freePort(): Promise<number>;
/** A free loopback port below the kernel's ephemeral range: none of the servers started meanwhile takes it. */
export function quietPort(): Promise<number>;
export function prepareData(opts: {
  dataDir: string;
  publicDir?: string;
  migrationsDir?: string;
  env?: Record<string, string | undefined>;
  superuser?: { email: string; password: string };
  seed?: boolean | 'if-empty';
}): string;
export function servePocketBase(opts: {
  dataDir: string;
  publicDir?: string;
  migrationsDir?: string;
  host?: string;
  port: number;
  env?: Record<string, string | undefined>;
  stdio?: 'pipe' | 'inherit';
  dev?: boolean;
  hooksPool?: number;
}): Promise<{ url: string; child: ChildProcess; output(): string; stop(): Promise<void> }>;
