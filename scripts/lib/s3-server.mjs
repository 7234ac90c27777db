// A real S3-compatible server for tests and the e2e server: versitygw (built from its Go
// module and cached like PocketBase, ./binaries.mjs) on a free loopback port, storing each
// bucket as a folder of a temp dir. It checks SigV4 signatures as AWS does.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureVersityGw } from './binaries.mjs';
import { freePort } from './pb-run.mjs';

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
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const args = ['--port', `127.0.0.1:${port}`, '--access', ACCESS_KEY, '--secret', SECRET];
  args.push('--region', 'us-east-1', '--quiet', 'posix', root);
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`versitygw exited (${child.exitCode}):\n${output}`);
    // any HTTP answer (403 for an unsigned request) means it is listening
    const listening = await fetch(endpoint).then(
      () => true,
      () => false,
    );
    if (listening) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`versitygw did not start at ${endpoint}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
