#!/usr/bin/env node
// `npm run dev`: Vite with HMR (proxying /api and /_/) + a dev PocketBase + maildev.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadDotEnv, runtimeEnv } from './lib/env.mjs';
import { startMailDev } from './lib/maildev.mjs';
import { root } from './lib/pb-args.mjs';
import { prepareData, servePocketBase } from './lib/pb-run.mjs';

loadDotEnv();
const mail = await startMailDev({
  smtpPort: Number(process.env.MAILDEV_SMTP_PORT ?? 1025),
  webPort: Number(process.env.MAILDEV_WEB_PORT ?? 1080),
});
const env = runtimeEnv({
  DEMO_CONTENT: process.env.DEMO_CONTENT ?? '1',
  DEMO_SIGN_IN: process.env.DEMO_SIGN_IN ?? '1',
  ...(process.env.SMTP_HOST ? {} : mail.smtpEnv),
});
const dataDir = resolve(root, env.PB_DATA_DIR);
mkdirSync(dataDir, { recursive: true });
const superuser =
  env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
prepareData({ dataDir, env, superuser, seed: env.DEMO_CONTENT === '1' && 'if-empty' });
const pb = await servePocketBase({ dataDir, host: env.HOST, port: Number(env.PORT), env, stdio: 'inherit', dev: true });

const vite = spawn(resolve(root, 'node_modules/.bin/vite'), ['--host', env.HOST], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, PB_URL: pb.url },
});
console.log(`\n  PocketBase ${pb.url}/_/   mail ${mail.url}\n`);

async function stop() {
  vite.kill('SIGTERM');
  await Promise.all([pb.stop(), mail.stop()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
vite.on('exit', stop);
