import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../support/fake-google';
import { asSuperuser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import type { Loose } from './helpers';

async function post(
  pb: TestPocketBase,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${pb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Loose };
}

describe('Google sign-in through the code exchange', () => {
  let pb: TestPocketBase;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    pb = await startPocketBase({ env: google.env });
    // sign-in is rate limited per IP (2 per 3 s); these tests sign in many times in a row
    await asSuperuser(pb, '/api/settings', {
      method: 'PATCH',
      body: JSON.stringify({ rateLimits: { excludedIPs: ['127.0.0.1'] } }),
    });
  });
  afterAll(async () => {
    await pb?.stop();
    await google?.stop();
  });

  const exchange = (code: string, createData?: unknown) =>
    post(pb, '/api/collections/users/auth-with-oauth2', {
      provider: 'google',
      code,
      codeVerifier: '',
      redirectURL: 'postmessage',
      createData,
    });

  it('refuses a browser that tries to choose the email or role of the new account', async () => {
    for (const createData of [{ email: 'victim@example.com' }, { role: 'admin' }, { verified: true }]) {
      const r = await exchange(google.issueCode({ sub: 'g-0', email: 'mallory@example.com' }), createData);
      expect(r.status, JSON.stringify(createData)).toBe(400);
    }
  });

  it('signs a new learner up with the email Google verified', async () => {
    const code = google.issueCode({ sub: 'g-1', email: 'ada@example.com', name: 'Ada' });
    const r = await exchange(code);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.record).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'learner' });
    expect(r.json.record.verified).toBe(true);
    expect(r.json.meta.isNew).toBe(true);
    const tr = google.tokenRequests.at(-1)!;
    expect(tr.redirect_uri).toBe('postmessage');
    expect(tr.code_verifier).toBeUndefined();
  });

  it('signs the same Google account in to the same user', async () => {
    const first = await exchange(google.issueCode({ sub: 'g-2', email: 'bo@example.com' }));
    const again = await exchange(google.issueCode({ sub: 'g-2', email: 'bo@example.com' }));
    expect(again.status).toBe(200);
    expect(again.json.record.id).toBe(first.json.record.id);
    expect(again.json.meta.isNew).toBe(false);
  });

  it('refuses a Google account without a verified email', async () => {
    const r = await exchange(google.issueCode({ sub: 'g-3', email: 'unverified@example.com', email_verified: false }));
    expect(r.status).toBe(400);
  });

  it('refuses a code Google did not issue', async () => {
    const r = await exchange('4/forged');
    expect(r.status).toBe(400);
  });

  it('has no password sign-in for users', async () => {
    const r = await post(pb, '/api/collections/users/auth-with-password', {
      identity: 'ada@example.com',
      password: 'whatever-123',
    });
    expect(r.status).toBeGreaterThanOrEqual(400);
    const methods = await (await fetch(`${pb.url}/api/collections/users/auth-methods`)).json();
    expect(methods.password.enabled).toBe(false);
    expect(methods.oauth2.providers.map((p: { name: string }) => p.name)).toEqual(['google']);
  });

  it('lets the Google popup talk to /auth (COOP same-origin-allow-popups)', async () => {
    const res = await fetch(`${pb.url}/auth`);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });

  it('tells the browser the client id and offers no demo sign-in', async () => {
    const cfg = await (await fetch(`${pb.url}/api/atelier/auth-config`)).json();
    expect(cfg).toEqual({ googleClientId: google.env.GOOGLE_CLIENT_ID, demoSignIn: false });
    expect((await post(pb, '/api/atelier/demo-sign-in', { role: 'learner' })).status).toBe(403);
  });

  it('does not let a user make themselves admin', async () => {
    const r = await exchange(google.issueCode({ sub: 'g-4', email: 'cy@example.com' }));
    const res = await fetch(`${pb.url}/api/collections/users/records/${r.json.record.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: r.json.token },
      body: JSON.stringify({ role: 'admin' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

/** A POST with its own Host header (fetch does not let a page choose it; a proxy passes it on). */
function postWithHost(url: string, host: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A reverse proxy on the same machine that adds no header of its own (nginx's bare proxy_pass, Host passed on). */
async function plainProxy(target: string): Promise<{ url: string; server: Server }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const out = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('demo sign-in', () => {
  let pb: TestPocketBase;
  beforeAll(async () => {
    // as `npm start` runs: demo content and DEMO_SIGN_IN=1
    pb = await startPocketBase({ seed: true, env: { DEMO_SIGN_IN: '1' } });
    // demo sign-in allows 5 a minute per address (tests/integration/client-address.test.ts)
    await asSuperuser(pb, '/api/settings', {
      method: 'PATCH',
      body: JSON.stringify({ rateLimits: { excludedIPs: ['127.0.0.1'] } }),
    });
  });
  afterAll(async () => {
    await pb?.stop();
  });

  it('signs in the demo learner, enrolled when payments are not configured', async () => {
    const cfg = await (await fetch(`${pb.url}/api/atelier/auth-config`)).json();
    expect(cfg).toEqual({ googleClientId: null, demoSignIn: true });
    const r = await post(pb, '/api/atelier/demo-sign-in', { role: 'learner' });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.record.role).toBe('learner');
    const list = await (
      await fetch(`${pb.url}/api/collections/course_enrollments/records`, { headers: { authorization: r.json.token } })
    ).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].source).toBe('demo');
    // twice is fine and still one enrolment
    const again = await post(pb, '/api/atelier/demo-sign-in', { role: 'learner' });
    expect(again.json.record.id).toBe(r.json.record.id);
    const count = await (await asSuperuser(pb, '/api/collections/course_enrollments/records')).json();
    expect(count.totalItems).toBe(1);
  });

  it('signs in the demo admin with the admin role', async () => {
    const r = await post(pb, '/api/atelier/demo-sign-in', { role: 'admin' });
    expect(r.status).toBe(200);
    expect(r.json.record.role).toBe('admin');
    expect((await post(pb, '/api/atelier/demo-sign-in', { role: 'root' })).status).toBe(400);
  });

  it("needs a loopback Host: a local proxy that adds no header and passes the visitor's Host gets no session", async () => {
    const port = new URL(pb.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'localhost'])
      expect(await postWithHost(`${pb.url}/api/atelier/demo-sign-in`, host, { role: 'learner' }), host).toBe(200);
    for (const host of ['atelier.example', `atelier.example:${port}`, '192.0.2.2', `[2001:db8::1]:${port}`])
      expect(await postWithHost(`${pb.url}/api/atelier/demo-sign-in`, host, { role: 'admin' }), host).toBe(403);
    const proxy = await plainProxy(pb.url);
    try {
      expect(await postWithHost(`${proxy.url}/api/atelier/demo-sign-in`, 'atelier.example', { role: 'admin' })).toBe(
        403,
      );
    } finally {
      proxy.server.close();
    }
  });

  // A reverse proxy on the same machine connects from 127.0.0.1 too: what it forwards must not
  // get an admin session. Any header naming a client means the request came through one.
  it.each<Record<string, string>>([
    { 'x-forwarded-for': '203.0.113.5' },
    { 'x-forwarded-for': '127.0.0.1' },
    { 'x-real-ip': '127.0.0.1' },
    { forwarded: 'for=198.51.100.7;proto=https' },
    { 'x-forwarded-proto': 'https' },
    { 'cf-connecting-ip': '198.51.100.8' },
  ])('is refused for a request that came through a proxy: %o', async (headers) => {
    expect((await post(pb, '/api/atelier/demo-sign-in', { role: 'admin' }, undefined, headers)).status).toBe(403);
    const cfg = await (await fetch(`${pb.url}/api/atelier/auth-config`, { headers })).json();
    expect(cfg.demoSignIn).toBe(false);
  });
});

describe('demo sign-in on a server that is not a local try-out', () => {
  const servers: TestPocketBase[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it.each([
    ['no DEMO_SIGN_IN (the package, or PocketBase started without npm start)', { DEMO_SIGN_IN: '' }],
    ['DEMO_SIGN_IN other than 1', { DEMO_SIGN_IN: 'true' }],
    ['a public SITE_URL', { SITE_URL: 'https://atelier.example' }],
    ['a public SITE_URL on a loopback listen address', { SITE_URL: 'http://atelier.example:8090', HOST: '127.0.0.1' }],
    ['demo content off', { DEMO_CONTENT: '0' }],
    ['a trusted proxy in front, forwarding a loopback client', { TRUSTED_PROXY: '1' }],
  ] as const)('is refused with %s', async (_label, env) => {
    const pb = await startPocketBase({ env: { DEMO_CONTENT: '1', DEMO_SIGN_IN: '1', ...env } });
    servers.push(pb);
    const headers: Record<string, string> = 'TRUSTED_PROXY' in env ? { 'x-forwarded-for': '127.0.0.1' } : {};
    expect((await post(pb, '/api/atelier/demo-sign-in', { role: 'learner' }, undefined, headers)).status).toBe(403);
    const cfg = await (await fetch(`${pb.url}/api/atelier/auth-config`, { headers })).json();
    expect(cfg.demoSignIn).toBe(false);
  });
});
