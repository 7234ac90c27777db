// The servers the tests start for themselves: a port chosen free is taken by PocketBase a second
// or two later (after the migrations run), and in between another test file's server may take
// it. Such a PocketBase must fail to start (or start again elsewhere), never answer for the
// other server: a test talking to another file's server saw "Payments are not configured" (a
// server without the Stripe key) in a CI run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyMigratedTemplate } from '../../scripts/lib/migrated-template.mjs';
import * as pbRun from '../../scripts/lib/pb-run.mjs';
import { TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';
import { startThrowawayPocketBase, type ThrowawayPocketBase } from '../../scripts/lib/throwaway-pb.mjs';

const taken = vi.hoisted(() => ({ port: 0 }));
vi.mock('../../scripts/lib/pb-run.mjs', async (original) => {
  const real = await original<typeof import('../../scripts/lib/pb-run.mjs')>();
  return {
    ...real,
    // hands out the other server's port once, when a test asks for it
    freePort: async () => {
      const port = taken.port;
      taken.port = 0;
      return port || real.freePort();
    },
  };
});

let other: ThrowawayPocketBase;
const dirs: string[] = [];
beforeAll(async () => {
  other = await startThrowawayPocketBase({ env: { STRIPE_SECRET_KEY: '' } });
});
afterAll(async () => {
  await other?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('a test server whose port another server took', () => {
  it('PocketBase on a port that another server holds fails to start instead of answering for it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-port-'));
    dirs.push(dataDir);
    pbRun.prepareData({ dataDir, env: process.env });
    await expect(pbRun.servePocketBase({ dataDir, port: other.port, env: process.env })).rejects.toThrow(
      /address already in use/,
    );
  });

  it('a throwaway PocketBase handed a taken port starts again on another and is its own server', async () => {
    taken.port = other.port;
    const mine = await startThrowawayPocketBase({ env: { STRIPE_SECRET_KEY: 'sk_test_mine' } });
    try {
      expect(mine.port).not.toBe(other.port);
      expect(taken.port).toBe(0);
      // its own superuser session and data dir, on its own port
      const res = await mine.fetch('/api/collections/prints/records');
      expect(res.status).toBe(200);
      expect(mine.child.exitCode).toBeNull();
    } finally {
      await mine.stop();
    }
  });
});

describe('a port chosen seconds before its server binds it', () => {
  it('is free and outside the range the kernel gives servers started on port 0 meanwhile', async () => {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    const port = await pbRun.quietPort();
    expect(port).toBeLessThan(low);
    // 200 servers started meanwhile on port 0 (as every freePort and test server is): none gets it
    const others = await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<Server>((resolve) => {
            const s = createServer();
            s.listen(0, '127.0.0.1', () => resolve(s));
          }),
      ),
    );
    try {
      expect(others.map((s) => (s.address() as AddressInfo).port)).not.toContain(port);
      // and it is still free for the server it was chosen for
      const mine = createServer();
      await new Promise<void>((resolve, reject) => {
        mine.once('error', reject);
        mine.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((r) => mine.close(r));
    } finally {
      await Promise.all(others.map((s) => new Promise((r) => s.close(r))));
    }
  });
});

describe('servers start from a copy of the migrated template', () => {
  it('each has every collection, its own superuser and records, and the template holds neither', async () => {
    const email = `template-${Date.now()}@example.com`;
    const created = await other.fetch('/api/collections/users/records', {
      method: 'POST',
      body: JSON.stringify({
        email,
        name: 'Template',
        password: 'x-unused-1234567',
        passwordConfirm: 'x-unused-1234567',
      }),
    });
    expect(created.status).toBe(200);
    const mine = await startThrowawayPocketBase();
    try {
      // the collections the migrations make are there
      for (const name of ['prints', 'orders', 'course_lessons', 'site_settings']) {
        expect((await mine.fetch(`/api/collections/${name}`)).status, name).toBe(200);
      }
      // the other server's user is not: copies, not a shared file
      const found = await (
        await mine.fetch(`/api/collections/users/records?filter=${encodeURIComponent(`email="${email}"`)}`)
      ).json();
      expect(found.totalItems).toBe(0);
      expect(mine.superuser.token).not.toBe(other.superuser.token);
    } finally {
      await mine.stop();
    }
    // the template itself: migrated, with no superuser and no user in it
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-template-check-'));
    dirs.push(dataDir);
    copyMigratedTemplate(dataDir);
    const bare = await pbRun.servePocketBase({ dataDir, port: await pbRun.freePort(), env: process.env });
    try {
      const health = await fetch(`${bare.url}/api/health`);
      expect(health.status).toBe(200);
      // the test superuser every server gets is not in it
      const signIn = await fetch(`${bare.url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: TEST_SUPERUSER.email, password: TEST_SUPERUSER.password }),
      });
      expect(signIn.status).toBe(400);
      const prints = await (await fetch(`${bare.url}/api/collections/prints/records`)).json();
      expect(prints.totalItems).toBe(0);
    } finally {
      await bare.stop();
    }
  });
});
