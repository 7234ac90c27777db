// The environment contract (documented in .env.example and README).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from './pb-args.mjs';

/** Loads .env (if present) without overriding variables already set. */
export function loadDotEnv() {
  const file = resolve(root, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
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
