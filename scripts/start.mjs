#!/usr/bin/env node
// `npm start`: one PocketBase serving the API, the admin UI (/_/) and the PWA on one port, and
// beside it the server renderer (loopback only) that writes the HTML of public pages.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildIfStale } from './lib/build.mjs';
import { loadDotEnv, runtimeEnv, serveEnv } from './lib/env.mjs';
import { root } from './lib/pb-args.mjs';
import { prepareData, servePocketBase } from './lib/pb-run.mjs';
import { loopbackUrl, rendererLink, startRenderer } from './lib/renderer.mjs';

loadDotEnv();
// demo sign-in is for a local try-out: offered here (and by `npm run dev`), never by the package
const env = serveEnv(
  runtimeEnv({
    DEMO_CONTENT: process.env.DEMO_CONTENT ?? '1',
    DEMO_SIGN_IN: process.env.DEMO_SIGN_IN ?? '1',
  }),
);
// the server renderer listens on loopback beside PocketBase; PocketBase reads the same variable
env.RENDER_PORT ||= String(Number(env.PORT) + 1);
// the images' shared secret and fresh private work folder, for both processes
Object.assign(env, rendererLink(env));
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

// The renderer first: PocketBase asks it for pages as soon as it answers requests.
const renderer = await startRenderer({
  port: Number(env.RENDER_PORT),
  pbUrl: loopbackUrl(env.HOST, env.PORT),
  siteUrl: env.SITE_URL,
  env,
  stdio: 'inherit',
  restart: true,
});
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
    Renderer  ${renderer.url} (loopback; writes the HTML of public pages)
  Press Ctrl+C to stop.
`);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await Promise.all([server.stop(), renderer.stop()]);
    process.exit(0);
  });
}
server.child.on('exit', async (code) => {
  await renderer.stop();
  process.exit(code ?? 0);
});
