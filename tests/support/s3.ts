// A real S3-compatible server for tests: versitygw (built from its Go module and cached
// like PocketBase, scripts/lib/binaries.mjs) on a free port, storing buckets as folders of
// a temp dir. It checks SigV4 signatures, so wrong credentials fail as on AWS.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureVersityGw } from '../../scripts/lib/binaries.mjs';
import { freePort } from '../../scripts/lib/pb-run.mjs';

export interface TestS3 {
  endpoint: string;
  /** The folder holding one sub-folder per bucket (objects are plain files in them). */
  root: string;
  /** S3_* variables for PocketBase's media storage in `bucket`. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const ACCESS_KEY = 'atelier-test-access';
const SECRET = 'atelier-test-secret-key';

export async function startS3(buckets: string[] = ['atelier-media']): Promise<TestS3> {
  const bin = ensureVersityGw();
  const root = mkdtempSync(join(tmpdir(), 'atelier-s3-'));
  for (const b of buckets) mkdirSync(join(root, b));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    bin,
    [
      '--port',
      `127.0.0.1:${port}`,
      '--access',
      ACCESS_KEY,
      '--secret',
      SECRET,
      '--region',
      'us-east-1',
      '--quiet',
      'posix',
      root,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`versitygw exited (${child.exitCode}):\n${output}`);
    // any HTTP answer (403 for an unsigned request) means it is listening
    if (
      await fetch(endpoint).then(
        () => true,
        () => false,
      )
    )
      break;
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
      S3_BUCKET: buckets[0] as string,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY: ACCESS_KEY,
      S3_SECRET: SECRET,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () =>
      new Promise<void>((resolve) => {
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
