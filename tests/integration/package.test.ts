// `npm run package`: the folder holds everything the site needs on a Linux x86-64 server,
// and its start script serves the site from a fresh data dir on a free port: the PWA's
// pages, the API, the migrations applied, the superuser from env, and image copies made by its
// own renderer with the sharp it ships.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POCKETBASE_VERSION } from '../../scripts/lib/binaries.mjs';
import { DROP_HOOKS_POOL, serveEnv } from '../../scripts/lib/env.mjs';
import { quietPort } from '../../scripts/lib/pb-run.mjs';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'atelier-package-'));
const out = join(work, 'atelier');
const dataDir = join(work, 'data');
let url = '';
let site: ChildProcess | null = null;
let log = '';

/** Starts the package's start.sh as the service would, and waits until it answers. */
async function startSite(samePort = false) {
  log = '';
  // an upgrade restarts the site where it was: open tabs keep talking to the same origin
  const port = samePort ? Number(new URL(url).port) : await quietPort();
  const renderPort = await quietPort();
  url = `http://127.0.0.1:${port}`;
  // a clean environment: nothing from this checkout or the test runner leaks in
  site = spawn(join(out, 'start.sh'), [], {
    cwd: work,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      PORT: String(port),
      RENDER_PORT: String(renderPort),
      PB_DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'owner-password-123',
      // left in an operator's environment: the package must not pass it on (demo admin sessions)
      DEMO_SIGN_IN: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout?.on('data', (d) => {
    log += d;
  });
  site.stderr?.on('data', (d) => {
    log += d;
  });
  // PocketBase answers once its hook VMs are prewarmed (a few seconds; more on a busy machine)
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (site.exitCode !== null) throw new Error(`start.sh exited (${site.exitCode}):\n${log}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the package did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  await run(process.execPath, ['scripts/package.mjs', '--out', out], { cwd: root, timeout: 240_000 });
  await startSite();
}, 300_000);

afterAll(async () => {
  if (site && site.exitCode === null) {
    const exited = new Promise((r) => site?.once('exit', r));
    site.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

describe('the package', () => {
  it('holds the binary, hooks, migrations, the built PWA, the start script and the systemd unit', async () => {
    for (const path of [
      'pocketbase',
      'start.sh',
      'atelier.service',
      'env.example',
      'VERSION',
      'pb_public/index.html',
      'pb_public/sw.js',
      'renderer/render-server.mjs',
      'node',
    ]) {
      expect(existsSync(join(out, path)), path).toBe(true);
    }
    expect(existsSync(join(out, 'pb_hooks', 'video-uploads.pb.js'))).toBe(true);
    expect(existsSync(join(out, 'pb_migrations', '1795264100_create_portfolio.js'))).toBe(true);
    expect(existsSync(join(out, 'node_modules'))).toBe(false);
    expect(statSync(join(out, 'start.sh')).mode & 0o111).not.toBe(0);
    const { stdout } = await run(join(out, 'pocketbase'), ['--version']);
    expect(stdout).toContain(POCKETBASE_VERSION);
    expect(readFileSync(join(out, 'VERSION'), 'utf8')).toContain(`pocketbase ${POCKETBASE_VERSION} linux-amd64`);
  });

  it('serves the site: pages, assets and the API, with migrations applied', async () => {
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<div id="root"');
    // the boot script is inline; it names the app's entry (scripts/vite/boot-after-paint.ts)
    const asset = /data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    expect(asset).toBeTruthy();
    const js = await fetch(`${url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('br');
    // a public page comes from the packaged renderer (which may start a moment after PocketBase)
    let deep = await fetch(`${url}/whispering-game`);
    for (let i = 0; i < 40 && !/miss|hit|wait/.test(deep.headers.get('x-ssr') ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 500));
      deep = await fetch(`${url}/whispering-game?try=${i}`);
    }
    expect(deep.status).toBe(200);
    expect(deep.headers.get('x-ssr'), log).toMatch(/miss|hit|wait/);
    expect(await deep.text()).toMatch(/<div id="root"><(?!\/div>)/);
    // an account page is answered with the site's frame from the packaged renderer, the app's
    // page to come over it
    const account = await fetch(`${url}/my-courses`);
    expect(account.status).toBe(200);
    expect(await account.text()).toMatch(/<div id="root" data-frame><[\s\S]*<header\b/);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ code: 200 });
    // the schema exists (public read of an empty collection)
    const artworks = await fetch(`${url}/api/collections/artworks/records`);
    expect(artworks.status).toBe(200);
    expect(existsSync(join(dataDir, 'data.db'))).toBe(true);
  });

  it("runs PocketBase with a drop's pool of hook VMs unless PB_HOOKS_POOL says otherwise, as npm start does", async () => {
    // start.sh's children: the renderer (node) and PocketBase
    const { stdout } = await run('pgrep', ['-P', String(site?.pid)]);
    const commands = stdout
      .trim()
      .split('\n')
      .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    const pocketbase = commands.find((argv) => argv[0]?.endsWith('/pocketbase'));
    expect(pocketbase, JSON.stringify(commands)).toBeTruthy();
    expect(pocketbase).toContain(`--hooksPool=${DROP_HOOKS_POOL}`);
    expect(serveEnv({}).PB_HOOKS_POOL).toBe(String(DROP_HOOKS_POOL));
    expect(serveEnv({ PB_HOOKS_POOL: '300' }).PB_HOOKS_POOL).toBe('300');
  });

  it('never offers demo sign-in: DEMO_SIGN_IN=1 in its environment does not reach PocketBase', async () => {
    const { stdout } = await run('pgrep', ['-P', String(site?.pid)]);
    const pids = stdout.trim().split('\n');
    const pocketbase = pids.find((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]?.endsWith('/pocketbase'),
    );
    expect(pocketbase).toBeTruthy();
    const environ = readFileSync(`/proc/${pocketbase}/environ`, 'utf8').split('\0');
    expect(environ.filter((v) => v.startsWith('DEMO_SIGN_IN='))).toEqual([]);
    const config = await fetch(`${url}/api/atelier/auth-config`);
    expect(await config.json()).toMatchObject({ demoSignIn: false });
  });

  it('sets the superuser from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: 'owner@example.com', password: 'owner-password-123' }),
    });
    expect(res.status).toBe(200);
  });

  it('makes WebP copies of an uploaded image with its own renderer and sharp', async () => {
    expect(existsSync(join(out, 'renderer', 'node_modules', 'sharp', 'package.json'))).toBe(true);
    const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: 'owner@example.com', password: 'owner-password-123' }),
    });
    const { token } = (await auth.json()) as { token: string };
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#a05030' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('slug', 'package-copies');
    form.set('title', 'Package copies');
    form.set('main_image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'work.png');
    const res = await fetch(`${url}/api/collections/artworks/records`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    const record = (await res.json()) as { id: string; main_image: string };
    expect(res.status, log).toBe(200);
    const stored = await fetch(`${url}/api/collections/artworks/records/${record.id}`, {
      headers: { authorization: token },
    });
    const { image_variant_map: map } = (await stored.json()) as {
      image_variant_map: Record<string, { webp: [number, string][] }>;
    };
    expect(
      map[record.main_image]?.webp.map(([w]) => w),
      log,
    ).toEqual([400, 600, 640]);
  });

  it('stops every process on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => site?.once('exit', (code) => r(code)));
    site?.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(
      await fetch(`${url}/api/health`).then(
        () => 'up',
        () => 'down',
      ),
    ).toBe('down');
  });

  it("an upgrade to the next package keeps serving the previous release's chunks to its open tabs", async () => {
    // a tab of this release, open while the upgrade happens, has not loaded every lazy chunk yet
    const assets = (dir: string) => readdirSync(join(dir, 'pb_public', 'assets'));
    const chunks = new Map(
      assets(out)
        .filter((f) => f.endsWith('.js'))
        .map((f) => [f, readFileSync(join(out, 'pb_public', 'assets', f), 'utf8')]),
    );
    await startSite();
    // a live tab of this release that the service worker does not control (a first visit, a
    // private window): it has loaded the home page and will load the next page's chunk later
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const tab = await context.newPage();
      // what the page fetched from /assets, as the browser saw it (a cached file included)
      const assetLoads = () =>
        tab.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .filter((e) => new URL(e.name).pathname.startsWith('/assets/'))
            .map((e) => ({ file: new URL(e.name).pathname.slice('/assets/'.length), status: e.responseStatus })),
        );
      const refused: string[] = [];
      tab.on('response', (res) => {
        if (new URL(res.url()).pathname.startsWith('/assets/') && res.status() >= 400)
          refused.push(`${res.status()} ${new URL(res.url()).pathname}`);
      });
      await tab.goto(`${url}/`, { waitUntil: 'networkidle' });
      await tab.evaluate(() => {
        (window as unknown as { tabOfN: boolean }).tabOfN = true;
      });
      const beforeSwap = new Set((await assetLoads()).map((r) => r.file));

      // the next release, built and put in place as docs/deploy.md's upgrade steps do
      const next = join(work, 'next');
      await run(process.execPath, ['scripts/package.mjs', '--out', next], { cwd: root, timeout: 240_000 });
      const exited = new Promise((r) => site?.once('exit', r));
      site?.kill('SIGTERM');
      await exited;
      for (const dir of ['pb_hooks', 'pb_migrations', 'pb_public'])
        rmSync(join(out, dir), { recursive: true, force: true });
      cpSync(next, out, { recursive: true, filter: (src) => !src.startsWith(join(next, 'pb_data')) });
      await startSite(true);

      // the tab of N goes to another page: its router imports that page's chunk of N
      await tab.locator('a[href="/about"]').first().click();
      // the about page has rendered (its own chunk, or a reload's server-rendered page)
      await tab.waitForFunction(() => location.pathname === '/about' && document.title.startsWith('About'), null, {
        timeout: 30_000,
      });
      await tab.waitForLoadState('networkidle');
      expect(refused, 'assets the tab of the previous release asked for and did not get').toEqual([]);
      // no forced reload: the page the tab had is the page it has
      expect(await tab.evaluate(() => (window as unknown as { tabOfN?: boolean }).tabOfN)).toBe(true);
      // and it did load its own release's chunks for that page, ones the new release lacks
      const gone = new Set([...chunks.keys()].filter((f) => !assets(out).includes(f)));
      const afterSwap = (await assetLoads()).filter((r) => !beforeSwap.has(r.file));
      expect(afterSwap.filter((r) => r.status !== 200)).toEqual([]);
      expect(
        afterSwap.filter((r) => gone.has(r.file)).length,
        'chunks of the previous release loaded after the upgrade',
      ).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }

    const gone = [...chunks.keys()].filter((f) => !assets(out).includes(f));
    expect(gone.length, 'chunks of the previous release the new one does not have').toBeGreaterThan(5);
    for (const file of gone) {
      const res = await fetch(`${url}/assets/${file}`);
      expect(res.status, `/assets/${file}`).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await res.text()).toBe(chunks.get(file));
    }
    const compressed = await fetch(`${url}/assets/${gone[0]}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    // the new release's own files, and a file no release had, as before
    expect((await fetch(`${url}/assets/${assets(out).find((f) => f.endsWith('.js'))}`)).status).toBe(200);
    expect((await fetch(`${url}/assets/index-missing.js`)).status).toBe(404);
  }, 400_000);
});
