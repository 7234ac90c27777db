// A real PocketBase for tests: free port, temp data dir, this repo's migrations and hooks
// (scripts/lib/throwaway-pb.mjs, the one set-up every test server and bench uses).
import { superuserFetch } from '../../scripts/lib/superuser.mjs';
import { startThrowawayPocketBase, type ThrowawayPocketBase } from '../../scripts/lib/throwaway-pb.mjs';

/** What the helpers below need of a server (a started one is a ThrowawayPocketBase). */
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

export function startPocketBase(opts: StartOptions = {}): Promise<ThrowawayPocketBase> {
  return startThrowawayPocketBase({
    seed: !!opts.seed,
    publicDir: opts.publicDir,
    env: { TRUSTED_PROXY: opts.behindProxy ? '1' : '', ...opts.env },
  });
}

/** Calls the PocketBase API as the superuser: the response, whatever its status. */
export const asSuperuser: (pb: TestPocketBase, path: string, init?: RequestInit) => Promise<Response> = superuserFetch;

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
