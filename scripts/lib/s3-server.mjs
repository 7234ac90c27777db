// A real S3-compatible server for tests and the e2e server: versitygw (built from its Go
// module and cached like PocketBase, ./binaries.mjs) on a free loopback port, storing each
// bucket as a folder of a temp dir. It checks SigV4 signatures as AWS does.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureVersityGw } from './binaries.mjs';
import { collectOutput, stopChild, untilAnswering } from './child-process.mjs';
import { quietPort } from './pb-run.mjs';

const ACCESS_KEY = 'atelier-test-access';
const SECRET = 'atelier-test-secret-key';

/**
 * Starts versitygw with the given buckets. Resolves with its endpoint, the folder holding
 * the buckets, the S3_* env for PocketBase (media in the first bucket) and stop().
 */
export async function startS3Server(buckets = ['atelier-media']) {
  const bin = ensureVersityGw();
  const root = mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  for (const b of buckets) mkdirSync(join(root, b));
  const port = await quietPort();
  const endpoint = `http://127.0.0.1:${port}`;
  const args = ['--port', `127.0.0.1:${port}`, '--access', ACCESS_KEY, '--secret', SECRET];
  args.push('--region', 'us-east-1', '--quiet', 'posix', root);
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child);
  // any HTTP answer (403 for an unsigned request) means it is listening
  await untilAnswering(child, {
    what: `versitygw at ${endpoint}`,
    answers: async () => !!(await fetch(endpoint)),
    output,
  });
  return {
    endpoint,
    root,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: buckets[0],
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY: ACCESS_KEY,
      S3_SECRET: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await stopChild(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
