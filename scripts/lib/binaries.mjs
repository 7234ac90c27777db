// Obtains pinned Go binaries (PocketBase, stripe-mock, versitygw) into a cache outside the repo.
// Our machines reach the Go module proxy but not GitHub releases, so we build from source.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const POCKETBASE_VERSION = '0.39.11';
const STRIPE_MOCK_VERSION = '0.197.0';
// versitygw: a real S3 server (SigV4, multipart, ranges) for the S3 tests; v1.8.0 is the
// version the Go module proxy serves.
const VERSITYGW_VERSION = '1.8.0';

export const cacheDir =
  process.env.ATELIER_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'atelier');

function goInstall({ module, version, bin, ldflags, minutes = 1 }) {
  const gobin = join(cacheDir, `${bin}-${version}`);
  mkdirSync(gobin, { recursive: true });
  const args = ['install'];
  if (ldflags) args.push('-ldflags', ldflags);
  args.push(`${module}@v${version}`);
  console.error(`[atelier] building ${module}@v${version} with go (first run only, ~${minutes} min)…`);
  const res = spawnSync('go', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    cwd: cacheDir,
    env: {
      ...process.env,
      GOBIN: gobin,
      CGO_ENABLED: '0',
      GOFLAGS: [process.env.GOFLAGS, '-mod=mod'].filter(Boolean).join(' '),
      GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'local',
    },
  });
  if (res.error?.code === 'ENOENT') {
    throw new Error(
      'Go is not installed. Install Go >= 1.25 (https://go.dev/dl/) or set POCKETBASE_BIN / STRIPE_MOCK_BIN / VERSITYGW_BIN.',
    );
  }
  if (res.status !== 0) throw new Error(`go install ${module}@v${version} failed (exit ${res.status})`);
  return gobin;
}

/** Path to a PocketBase binary of the pinned version (POCKETBASE_BIN wins). */
export function ensurePocketBase() {
  const fromEnv = process.env.POCKETBASE_BIN;
  const bin = fromEnv || join(cacheDir, `pocketbase-${POCKETBASE_VERSION}`, 'base');
  if (!fromEnv && !existsSync(bin)) {
    goInstall({
      module: 'github.com/pocketbase/pocketbase/examples/base',
      version: POCKETBASE_VERSION,
      bin: 'pocketbase',
      ldflags: `-s -w -X github.com/pocketbase/pocketbase.Version=${POCKETBASE_VERSION}`,
    });
  }
  const out = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  const version = out.split(/\s+/).pop();
  if (version !== POCKETBASE_VERSION) {
    throw new Error(
      `${bin} reports "${out}", expected PocketBase ${POCKETBASE_VERSION}. ` +
        `Unset POCKETBASE_BIN or point it at v${POCKETBASE_VERSION}.`,
    );
  }
  return bin;
}

/** Path to Stripe's stripe-mock (STRIPE_MOCK_BIN wins). */
export function ensureStripeMock() {
  const fromEnv = process.env.STRIPE_MOCK_BIN;
  const bin = fromEnv || join(cacheDir, `stripe-mock-${STRIPE_MOCK_VERSION}`, 'stripe-mock');
  if (!fromEnv && !existsSync(bin)) {
    goInstall({ module: 'github.com/stripe/stripe-mock', version: STRIPE_MOCK_VERSION, bin: 'stripe-mock' });
  }
  return bin;
}

/** Path to versitygw, the S3-compatible server the S3 tests start (VERSITYGW_BIN wins). */
export function ensureVersityGw() {
  const fromEnv = process.env.VERSITYGW_BIN;
  const bin = fromEnv || join(cacheDir, `versitygw-${VERSITYGW_VERSION}`, 'versitygw');
  if (!fromEnv && !existsSync(bin)) {
    goInstall({
      module: 'github.com/versity/versitygw/cmd/versitygw',
      version: VERSITYGW_VERSION,
      bin: 'versitygw',
      ldflags: '-s -w',
      minutes: 2,
    });
  }
  return bin;
}
