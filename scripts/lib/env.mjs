// The environment contract (documented in .env.example and README).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from './pb-args.mjs';

/** Loads .env (if present) without overriding variables already set. */
export function loadDotEnv() {
  const file = resolve(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Hook VMs the served site prewarms (`--hooksPool`) unless PB_HOOKS_POOL says otherwise: a
 * print drop's crowd. A request that finds every prewarmed VM busy makes PocketBase build a
 * new one, and under a crowd that snowballs (README, "Print drops"). `npm start` and the
 * package's start.sh use the same number (tests/integration/package.test.ts checks).
 */
export const DROP_HOOKS_POOL = 2500;

/** The environment of the served site (`npm start`, start.sh, the drop bench's headline row). */
export function serveEnv(env) {
  env.PB_HOOKS_POOL ||= String(DROP_HOOKS_POOL);
  return env;
}

export function runtimeEnv(overrides = {}) {
  const env = { ...process.env, ...overrides };
  env.HOST ||= '127.0.0.1';
  env.PORT ||= '8090';
  env.PB_DATA_DIR ||= 'pb_data';
  env.SITE_URL ||= `http://${env.HOST}:${env.PORT}`;
  env.STRIPE_API_BASE ||= 'https://api.stripe.com';
  return env;
}
