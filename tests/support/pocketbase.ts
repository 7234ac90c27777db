// A real PocketBase for tests: free port, temp data dir, this repo's migrations and hooks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, prepareData, servePocketBase } from '../../scripts/lib/pb-run.mjs';
import { superuserToken, TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';

export interface TestPocketBase {
  url: string;
  dataDir: string;
  superuser: { email: string; password: string; token: string };
  /** Everything PocketBase printed so far (useful in failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Seed the demo content (idempotent). */
  seed?: boolean;
  /** Directory served as the SPA (defaults to dist). */
  publicDir?: string;
  /** Extra env for PocketBase (SMTP, Stripe, Google stand-ins...). */
  env?: Record<string, string>;
  /**
   * The test plays the TLS proxy in front (TRUSTED_PROXY=1): X-Forwarded-For names the
   * visitor, so tests that speak for many visitors give each its own address. Off by
   * default, as in production: the socket's address counts.
   */
  behindProxy?: boolean;
}

export async function startPocketBase(opts: StartOptions = {}): Promise<TestPocketBase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-pb-'));
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DEMO_CONTENT: opts.seed ? '1' : '0',
    TRUSTED_PROXY: opts.behindProxy ? '1' : '',
    ...opts.env,
  } as Record<string, string>;
  let server: Awaited<ReturnType<typeof servePocketBase>>;
  try {
    prepareData({ dataDir, publicDir: opts.publicDir, env, superuser: TEST_SUPERUSER, seed: !!opts.seed });
    server = await servePocketBase({ dataDir, publicDir: opts.publicDir, port, env });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const token = await superuserToken(server.url);
  return {
    url: server.url,
    dataDir,
    superuser: { ...TEST_SUPERUSER, token },
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls the PocketBase API as the superuser. */
export async function asSuperuser(pb: TestPocketBase, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${pb.url}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: pb.superuser.token,
      ...(init.headers as Record<string, string>),
    },
  });
}

export type Role = 'learner' | 'admin';

/**
 * Creates a user with a role and returns an auth token for it, minted by superuser
 * impersonation (users have no password auth; production sign-in is Google).
 */
export async function createUser(
  pb: TestPocketBase,
  opts: { email: string; role?: Role; name?: string },
): Promise<{ id: string; token: string }> {
  const password = 'x-unused-password-1234';
  const created = await asSuperuser(pb, '/api/collections/users/records', {
    method: 'POST',
    body: JSON.stringify({
      email: opts.email,
      name: opts.name ?? opts.email.split('@')[0],
      role: opts.role ?? 'learner',
      password,
      passwordConfirm: password,
      verified: true,
    }),
  });
  if (!created.ok) throw new Error(`create user failed: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const imp = await asSuperuser(pb, `/api/collections/users/impersonate/${id}`, {
    method: 'POST',
    body: JSON.stringify({ duration: 3600 }),
  });
  if (!imp.ok) throw new Error(`impersonate failed: ${imp.status} ${await imp.text()}`);
  const { token } = (await imp.json()) as { token: string };
  return { id, token };
}
