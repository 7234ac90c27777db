// The server Playwright tests run against: a real PocketBase with this repo's migrations,
// hooks and seeded demo content, serving the already-built dist/, with the server renderer
// (dist-ssr/) beside it as `npm start` runs it, in a temp data dir that is removed on exit.
// Ports: E2E_PORT (default 8391) and E2E_RENDER_PORT for the renderer (default E2E_PORT + 1).
// Payments go to a local Stripe stand-in (scripts/lib/stripe-standin.mjs, backed by
// stripe-mock) that delivers signed webhooks. Uploaded files go to a real S3-compatible server
// (versitygw, scripts/lib/s3-server.mjs), so the browser tests play, seek and download chapter
// videos the way production does with S3.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareData, servePocketBase } from './lib/pb-run.mjs';
import { rendererLink, startRenderer } from './lib/renderer.mjs';
import { startS3Server } from './lib/s3-server.mjs';
import { startStripeStandin } from './lib/stripe-standin.mjs';
import { TEST_SUPERUSER } from './lib/superuser.mjs';

const host = '127.0.0.1';
const port = Number(process.env.E2E_PORT ?? 8391);
const renderPort = Number(process.env.E2E_RENDER_PORT ?? port + 1);
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));

let server;
let renderer;
let stripe;
let s3;
let stopping = false;

async function cleanup(code = 0) {
  if (stopping) return;
  stopping = true;
  try {
    await server?.stop();
    await renderer?.stop();
    await stripe?.stop();
    await s3?.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void cleanup(0));
// Last resort when the process is torn down without a signal we can await.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

try {
  stripe = await startStripeStandin();
  s3 = await startS3Server();
  const env = {
    ...process.env,
    ...stripe.env,
    ...s3.env,
    HOST: host,
    PORT: String(port),
    SITE_URL: `http://${host}:${port}`,
    DEMO_CONTENT: '1',
    DEMO_SIGN_IN: '1',
    RENDER_PORT: String(renderPort),
    // The tests play the TLS proxy: each test names its visitor in X-Forwarded-For
    // (tests/e2e/support.ts ownClientIp), so the per-address limits do not couple them.
    TRUSTED_PROXY: '1',
  };
  Object.assign(env, rendererLink(env));
  prepareData({
    dataDir,
    publicDir: 'dist',
    env,
    superuser: TEST_SUPERUSER,
    seed: true,
  });
  renderer = await startRenderer({ port: renderPort, pbUrl: `http://${host}:${port}`, env, restart: true });
  server = await servePocketBase({ dataDir, publicDir: 'dist', host, port, env });
  stripe.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  console.log(
    `[e2e-server] PocketBase with demo content at ${server.url} (data: ${dataDir}); server renderer at ${renderer.url}; Stripe stand-in at ${stripe.url}; media on S3 at ${s3.endpoint}`,
  );
  server.child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[e2e-server] PocketBase exited unexpectedly (${code}):\n${server.output()}`);
      void cleanup(1);
    }
  });
} catch (err) {
  console.error('[e2e-server] failed to start:', err);
  await cleanup(1);
}
