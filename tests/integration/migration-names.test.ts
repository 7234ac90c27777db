// A migration renamed after databases applied it (PocketBase records applied migrations by
// file name): an existing database upgrades without re-running it and keeps its data; the
// history then names the current file only. The old database is made by running the
// current migrations with the renamed file under its former name: on a fresh database
// that file creates its collections exactly as the former file did.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePocketBase } from '../../scripts/lib/binaries.mjs';
import { pbDirArgs } from '../../scripts/lib/pb-args.mjs';
import { quietPort, prepareData, servePocketBase } from '../../scripts/lib/pb-run.mjs';
import { superuserToken, TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';

const MIGRATIONS = resolve(import.meta.dirname, '..', '..', 'pb_migrations');
const RENAMED = { former: '1795264400_create_voice.js', current: '1795264400_create_newsletter_contact_mail_log.js' };
const env = { ...process.env, SMTP_HOST: '', DEMO_CONTENT: '0' };
const temp: string[] = [];

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temp.push(dir);
  return dir;
}

/** This repository's migrations in a directory of their own, with file names changed. */
function migrationsWith(rename: Record<string, string>, extra: Record<string, string> = {}) {
  const dir = tempDir('atelier-migrations-');
  for (const file of readdirSync(MIGRATIONS)) copyFileSync(join(MIGRATIONS, file), join(dir, rename[file] ?? file));
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, file), text);
  return dir;
}

/** Runs `migrate up` and returns everything PocketBase printed. */
function migrateUp(dataDir: string, migrationsDir: string) {
  const res = spawnSync(ensurePocketBase(), ['migrate', 'up', ...pbDirArgs({ dataDir, migrationsDir })], {
    env,
    encoding: 'utf8',
  });
  expect(res.status, res.stderr).toBe(0);
  return `${res.stdout}${res.stderr}`;
}

async function withServer<T>(dataDir: string, fn: (url: string, token: string) => Promise<T>): Promise<T> {
  const server = await servePocketBase({ dataDir, port: await quietPort(), env });
  try {
    return await fn(server.url, await superuserToken(server.url));
  } finally {
    await server.stop();
  }
}

afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

describe('renamed migrations', () => {
  it('a database migrated under the former name upgrades in place and keeps its records', async () => {
    const dataDir = tempDir('atelier-upgrade-');
    prepareData({
      dataDir,
      migrationsDir: migrationsWith({ [RENAMED.current]: RENAMED.former }),
      env,
      superuser: TEST_SUPERUSER,
    });

    const before = await withServer(dataDir, async (url, token) => {
      const headers = { 'content-type': 'application/json', authorization: token };
      const created = await fetch(`${url}/api/collections/newsletter_subscribers/records`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'early@example.com', status: 'confirmed', consent_source: 'footer' }),
      });
      expect(created.status).toBe(200);
      const collection = await (await fetch(`${url}/api/collections/newsletter_subscribers`, { headers })).json();
      return { subscriber: (await created.json()).id as string, collection: collection.id as string };
    });

    // the upgrade: this repository's migrations as they are
    prepareData({ dataDir, env });

    await withServer(dataDir, async (url, token) => {
      const headers = { authorization: token };
      const collection = await (await fetch(`${url}/api/collections/newsletter_subscribers`, { headers })).json();
      expect(collection.id).toBe(before.collection);
      const sub = await fetch(`${url}/api/collections/newsletter_subscribers/records/${before.subscriber}`, {
        headers,
      });
      expect(sub.status).toBe(200);
      expect((await sub.json()).email).toBe('early@example.com');
    });

    // the history names the current file, not the former one
    const probe = `migrate((app) => {
      const rows = arrayOf(new DynamicModel({ file: "" }));
      app.db().newQuery("SELECT file FROM {{_migrations}} ORDER BY file").all(rows);
      console.log("APPLIED " + JSON.stringify(rows.map((r) => r.file)));
    });`;
    const out = migrateUp(dataDir, migrationsWith({}, { '9999999999_probe.js': probe }));
    const applied = JSON.parse(/APPLIED (\[.*\])/.exec(out)?.[1] ?? 'null') as string[] | null;
    expect(applied).toContain(RENAMED.current);
    expect(applied).not.toContain(RENAMED.former);
    expect(applied).toEqual(expect.arrayContaining(readdirSync(MIGRATIONS)));
  });

  it('a fresh database creates the collections under the current name', async () => {
    const dataDir = tempDir('atelier-fresh-');
    prepareData({ dataDir, env, superuser: TEST_SUPERUSER });
    await withServer(dataDir, async (url, token) => {
      for (const name of ['newsletter_subscribers', 'contact_messages', 'mail_log']) {
        expect((await fetch(`${url}/api/collections/${name}`, { headers: { authorization: token } })).status).toBe(200);
      }
    });
    expect(migrateUp(dataDir, MIGRATIONS)).toContain('No new migrations to apply.');
  });
});
