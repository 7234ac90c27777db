// Sync bench: many learners come back online at once. Each learner's device (the app's own
// outbox and progress handlers) has queued a week of progress offline; all devices then drain
// into one fresh PocketBase through the batch API and its merge hooks. The bench then checks
// that the server holds every record queued (and fails when it does not, or a row failed).
//   npm run bench -- sync [--learners 100] [--ops-per-learner 30]
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { root } from '../../scripts/lib/pb-args.mjs';
import { startThrowawayPocketBase } from '../../scripts/lib/throwaway-pb.mjs';

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

/** `n` enrolled learners, each with a session and an address of its own (10.100.x.y). */
async function enrolledLearners(pb, courseId, n) {
  const password = 'x-unused-password-1234';
  const one = async (i) => {
    const user = await pb.admin('POST', '/api/collections/users/records', {
      email: `bench-learner-${i}@atelier.test`,
      password,
      passwordConfirm: password,
      verified: true,
      role: 'learner',
    });
    const { token } = await pb.admin('POST', `/api/collections/users/impersonate/${user.id}`, { duration: 3600 });
    await pb.admin('POST', '/api/collections/course_enrollments/records', {
      user_id: user.id,
      course_id: courseId,
      enrolled_at: new Date().toISOString(),
      source: 'manual',
    });
    return { userId: user.id, token, ip: `10.100.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  };
  const learners = [];
  for (let i = 0; i < n; i += 10) {
    learners.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, (_, k) => one(i + k)))));
  }
  return learners;
}

/** Record ids queued but not on the server afterwards (progress of every collection). */
async function missingOnServer(pb, learners, recordIds) {
  let missing = 0;
  for (const [i, learner] of learners.entries()) {
    const filter = encodeURIComponent(`user_id="${learner.userId}"`);
    const held = new Set();
    for (const collection of ['chapter_progress', 'user_task_progress']) {
      const list = await pb.admin(
        'GET',
        `/api/collections/${collection}/records?perPage=500&fields=id&filter=${filter}`,
      );
      for (const r of list.items) held.add(r.id);
    }
    missing += recordIds[i].filter((id) => !held.has(id)).length;
  }
  return missing;
}

export default async function syncBench({ table, argv = [] }) {
  const { values } = parseArgs({
    args: argv,
    options: { learners: { type: 'string', default: '100' }, 'ops-per-learner': { type: 'string', default: '30' } },
    strict: false,
  });
  const learnerCount = Number(values.learners);
  const opsPerLearner = Number(values['ops-per-learner']);
  const { queueAndDrain } = await bundleDrain();
  // every device names its own address, as phones behind the TLS proxy do
  const pb = await startThrowawayPocketBase({
    seed: true,
    tempPrefix: 'atelier-bench-sync-',
    env: { TRUSTED_PROXY: '127.0.0.1' },
  });
  try {
    const filter = encodeURIComponent('slug="whispering-game"');
    const course = (await pb.admin('GET', `/api/collections/courses/records?filter=${filter}`)).items[0];
    const chapters = (await pb.admin('GET', '/api/collections/course_modules/records?perPage=100')).items;
    const tasks = (await pb.admin('GET', '/api/collections/course_tasks/records?perPage=100')).items;
    const learners = await enrolledLearners(pb, course.id, learnerCount);
    const load = loadavg()[0];
    const r = await queueAndDrain({ url: pb.url, courseId: course.id, learners, chapters, tasks, opsPerLearner });
    const missing = await missingOnServer(pb, learners, r.recordIds);
    console.log(
      `## Progress sync: ${r.learners} learners' devices come online at once (outbox → batch API → merge hooks)\n`,
    );
    table([
      {
        learners: r.learners,
        'queued ops': r.ops,
        'records (upserts)': r.records,
        'all drained ms': Math.round(r.drainMs),
        'records/s': Math.round(r.records / (r.drainMs / 1000)),
        'ops/s': Math.round(r.ops / (r.drainMs / 1000)),
        'device done p50 / p95 ms': `${Math.round(r.deviceP50Ms)} / ${Math.round(r.deviceP95Ms)}`,
        failed: r.failed,
        'missing on server': missing,
        'load avg': load.toFixed(1),
      },
    ]);
    console.log(
      'Each device folds its queued ops to one upsert per record before sending; "device done": when each device had sent its queue.\n',
    );
    if (r.failed || missing) {
      console.error(`sync bench: ${r.failed} rows failed (${r.lastError ?? 'no reason'}), ${missing} records missing`);
      process.exitCode = 1;
    }
  } finally {
    await pb.stop();
  }
}
