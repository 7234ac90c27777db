// Sync bench: 1,000 progress ops queued offline in the app's outbox (real handlers, batch
// API, server merge hooks), then the time to drain them into a fresh PocketBase.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { root } from '../../scripts/lib/pb-args.mjs';
import { freePort, prepareData, servePocketBase } from '../../scripts/lib/pb-run.mjs';
import { superuserToken, TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';

const OPS = 1000;

async function bundleDrain() {
  const outdir = resolve(root, 'node_modules/.tmp');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, 'bench-sync-drain.mjs');
  await build({
    entryPoints: [resolve(root, 'tests/bench/sync-drain.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    alias: { '@': resolve(root, 'src') },
    packages: 'external',
    logLevel: 'error',
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

async function json(url, init) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

export default async function syncBench({ table }) {
  const { queueAndDrain } = await bundleDrain();
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-sync-'));
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DEMO_CONTENT: '1',
  };
  prepareData({ dataDir, env, seed: true, superuser: TEST_SUPERUSER });
  const server = await servePocketBase({ dataDir, port, env });
  try {
    const su = await superuserToken(server.url);
    const auth = { authorization: su };
    const password = 'x-unused-password-1234';
    const user = await json(`${server.url}/api/collections/users/records`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        email: 'bench-learner@atelier.test',
        password,
        passwordConfirm: password,
        verified: true,
        role: 'learner',
      }),
    });
    const { token } = await json(`${server.url}/api/collections/users/impersonate/${user.id}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ duration: 3600 }),
    });
    const course = (
      await json(
        `${server.url}/api/collections/courses/records?filter=${encodeURIComponent('slug="whispering-game"')}`,
        { headers: auth },
      )
    ).items[0];
    await json(`${server.url}/api/collections/course_enrollments/records`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        user_id: user.id,
        course_id: course.id,
        enrolled_at: new Date().toISOString(),
        source: 'manual',
      }),
    });
    const chapters = (await json(`${server.url}/api/collections/course_modules/records?perPage=100`, { headers: auth }))
      .items;
    const tasks = (await json(`${server.url}/api/collections/course_tasks/records?perPage=100`, { headers: auth }))
      .items;

    const r = await queueAndDrain({
      url: server.url,
      token,
      userId: user.id,
      courseId: course.id,
      chapters,
      tasks,
      ops: OPS,
    });
    console.log('## Progress sync (outbox → batch API → merge hooks)\n');
    table([
      {
        'queued ops': r.ops,
        'distinct records': r.records,
        'rows per send / items per batch': '1000 / 200',
        'drain ms': Math.round(r.drainMs),
        'ops/s': Math.round(r.ops / (r.drainMs / 1000)),
        failed: r.failed,
      },
    ]);
    if (r.failed) console.error(`sync bench: ${r.failed} rows failed: ${r.lastError}`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
