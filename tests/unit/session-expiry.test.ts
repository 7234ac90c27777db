// @vitest-environment jsdom
// A learner's session on a device they take offline for weeks: the stored session stays
// theirs whatever the token's age; only the server can end it, and even then the device
// keeps their data and their queue until they sign in again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (expSeconds: number) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 'u1', type: 'auth', collectionId: '_pb_users_auth_', exp: expSeconds })}.sig`;
const record = {
  id: 'u1',
  email: 'ana@example.com',
  collectionId: '_pb_users_auth_',
  collectionName: 'users',
  role: 'learner',
};
const eightDaysAgo = () => Math.floor(Date.now() / 1000) - 8 * 86_400;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

async function startWith(stored: { token: string; record: unknown }, net: 'offline' | ((url: string) => Response)) {
  localStorage.setItem('pocketbase_auth', JSON.stringify(stored));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(net !== 'offline');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (net === 'offline') throw new TypeError('Failed to fetch');
      return net(String(input));
    }),
  );
  const session = await import('@/lib/pocketbase/session');
  const { pb } = await import('@/lib/pocketbase/client');
  await session.authReady();
  return { session, pb };
}

describe('a session older than its token', () => {
  it('offline, a learner whose token expired a day ago is still signed in and the course pages open', async () => {
    const { session, pb } = await startWith({ token: token(eightDaysAgo()), record }, 'offline');
    expect(session.currentUser()?.id).toBe('u1');
    expect(pb.authStore.record?.id).toBe('u1');
    const { Route } = await import('@/routes/_authed');
    const guard = Route.options.beforeLoad as unknown as (ctx: unknown) => Promise<{ user: { id: string } }>;
    await expect(guard({ location: { href: '/course/whispering-game' } })).resolves.toMatchObject({
      user: { id: 'u1' },
    });
  });

  it('online with an expired token, the device keeps the learner (and their data) and asks them to sign in again', async () => {
    const { session, pb } = await startWith({ token: token(eightDaysAgo()), record }, () =>
      Response.json(
        { status: 401, message: 'The request requires valid record authorization token.', data: {} },
        { status: 401 },
      ),
    );
    expect(session.currentUser()?.id).toBe('u1');
    expect(pb.authStore.record?.id).toBe('u1');
    expect(pb.authStore.isValid).toBe(false);
  });
});
