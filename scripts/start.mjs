#!/usr/bin/env node
// `npm start`: one PocketBase serving the API, the admin UI (/_/) and the built PWA on one port.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildIfStale } from './lib/build.mjs';
import { loadDotEnv, runtimeEnv } from './lib/env.mjs';
import { root } from './lib/pb-args.mjs';
import { prepareData, servePocketBase } from './lib/pb-run.mjs';

loadDotEnv();
const env = runtimeEnv({ DEMO_CONTENT: process.env.DEMO_CONTENT ?? '1' });
const dataDir = resolve(root, env.PB_DATA_DIR);
mkdirSync(dataDir, { recursive: true });

buildIfStale();

const superuser =
  env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
const doing = [
  'applying migrations',
  superuser && 'upserting the superuser',
  env.DEMO_CONTENT === '1' && 'seeding demo content into an empty database',
];
console.log(`[atelier] ${doing.filter(Boolean).join(', ')}…`);
prepareData({ dataDir, env, superuser, seed: env.DEMO_CONTENT === '1' && 'if-empty' });

const server = await servePocketBase({ dataDir, host: env.HOST, port: Number(env.PORT), env, stdio: 'inherit' });
const shown = env.SITE_URL.replace(/\/$/, '');
const superuserNote = superuser
  ? `   (superuser ${superuser.email})`
  : '   (set ADMIN_EMAIL and ADMIN_PASSWORD to create a superuser, or use the installer link PocketBase printed)';
console.log(`
  Atelier is running
    Site      ${shown}/
    Admin UI  ${shown}/_/${superuserNote}
    API       ${shown}/api/
  Press Ctrl+C to stop.
`);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await server.stop();
    process.exit(0);
  });
}
server.child.on('exit', (code) => process.exit(code ?? 0));
