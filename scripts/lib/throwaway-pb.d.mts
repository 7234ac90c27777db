import type { ChildProcess } from 'node:child_process';

export interface ThrowawayPocketBase {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  superuser: { email: string; password: string; token: string };
  readonly child: ChildProcess;
  /** When the running PocketBase was spawned (epoch ms). */
  readonly spawnedAt: number;
  readonly startSeconds: number;
  output(): string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are typed by the caller
  admin<T = any>(method: string, path: string, body?: unknown): Promise<T>;
  restart(): Promise<void>;
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export function startThrowawayPocketBase(opts?: {
  seed?: boolean;
  env?: Record<string, string | undefined>;
  publicDir?: string;
  hooksPool?: number;
  superuserIp?: string;
  tempPrefix?: string;
}): Promise<ThrowawayPocketBase>;
