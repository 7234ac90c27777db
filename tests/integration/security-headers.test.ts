// The response headers a browser enforces: the app's Content-Security-Policy and the other
// security headers on every page, asset and the service worker; the newsletter pages' own
// policy; the hooks' API routes; what depends on env (Google, analytics, https).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { linkIn, mailsTo } from '../support/mail';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';

const SHELL = '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>';

/** The CSP as {directive: sources[]}. */
function parseCsp(header: string | null): Record<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

let publicDir: string;
const servers: TestPocketBase[] = [];
let plain: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailDev>>;

async function start(env: Record<string, string> = {}) {
  const pb = await startPocketBase({ publicDir, env });
  servers.push(pb);
  return pb;
}

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'atelier-public-'));
  mkdirSync(join(publicDir, 'assets'));
  writeFileSync(join(publicDir, 'index.html'), SHELL);
  writeFileSync(join(publicDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(publicDir, 'assets', 'app-abc123.js'), 'console.log(1);');
  mail = await startMailDev();
  plain = await start(mail.smtpEnv);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await mail?.stop();
  rmSync(publicDir, { recursive: true, force: true });
});

describe('the app', () => {
  it.each(['/', '/artworks', '/course/whispering-game/chapter/abc', '/sw.js', '/assets/app-abc123.js', '/index.html'])(
    '%s carries the strict policy and the security headers',
    async (path) => {
      const res = await fetch(`${plain.url}${path}`);
      expect(res.status).toBe(200);
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['form-action']).toEqual(["'self'", 'https://checkout.stripe.com']);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['frame-src']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      for (const sources of Object.values(csp)) {
        expect(sources).not.toContain("'unsafe-eval'");
        expect(sources).not.toContain('*');
      }
      // inline style attributes only (rendered markup has them); never inline script
      expect(Object.entries(csp).filter(([, s]) => s.includes("'unsafe-inline'"))).toEqual([
        ['style-src-attr', ["'unsafe-inline'"]],
      ]);
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    },
  );

  it('allows Google Identity Services only with a client id, the analytics origin only when configured, and adds HSTS on https', async () => {
    const pb = await start({
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secret',
      ANALYTICS_SCRIPT_URL: 'https://stats.example.net/js/script.js',
      SITE_URL: 'https://atelier.example',
    });
    const res = await fetch(`${pb.url}/`);
    const csp = parseCsp(res.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      'https://stats.example.net',
    ]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/', 'https://stats.example.net']);
    expect(csp['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(csp['style-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
    expect(csp['img-src']).toContain('https://stats.example.net');
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // the hooks' API routes carry HSTS too
    const api = await fetch(`${pb.url}/api/atelier/auth-config`);
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('never allows an analytics script over plain http from a public host', async () => {
    const pb = await start({ ANALYTICS_SCRIPT_URL: 'http://stats.example.net/script.js' });
    const csp = parseCsp((await fetch(`${pb.url}/`)).headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'"]);
    const config = await (await fetch(`${pb.url}/api/atelier/analytics-config`)).json();
    expect(config.scriptUrl).toBeNull();
  });
});

describe('the API', () => {
  it.each([
    ['GET', '/api/atelier/auth-config'],
    ['GET', '/api/atelier/analytics-config'],
    ['POST', '/api/atelier/subscribe-newsletter'],
    ['POST', '/api/atelier/send-contact'],
    ['POST', '/api/atelier/viewing-room/unlock'],
    ['GET', '/api/atelier/viewing-room/works'],
    ['POST', '/api/atelier/create-payment'],
    ['POST', '/api/atelier/verify-payment'],
    ['POST', '/api/atelier/cancel-payment'],
    ['POST', '/api/atelier/demo-sign-in'],
    ['POST', '/api/stripe/webhook'],
    ['GET', '/api/atelier/backups/media-restore'],
  ])("the hooks' %s %s: JSON that nothing may load or frame", async (method, path) => {
    const res = await fetch(`${plain.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it("PocketBase's own routes keep its baseline (no JS runs on them)", async () => {
    for (const path of ['/api/health', '/api/collections/artworks/records']) {
      const res = await fetch(`${plain.url}${path}`);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it("the admin UI (/_/) keeps PocketBase's own policy: the app's is not applied there", async () => {
    const res = await fetch(`${plain.url}/_/`);
    expect(res.status).toBe(200);
    const csp = parseCsp(res.headers.get('content-security-policy'));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toBeUndefined();
    expect(await res.text()).toContain('<html');
  });
});

describe("the newsletter's pages", () => {
  it('allow their one style block by hash, no script, and a form posting to the site', async () => {
    const email = 'headers@example.com';
    const res = await fetch(`${plain.url}/api/atelier/subscribe-newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, source: 'footer' }),
    });
    expect(res.status).toBe(200);
    const [m] = await mailsTo(mail, email);
    for (const link of [
      linkIn(m.html, '/api/atelier/newsletter/confirm'),
      linkIn(m.html, '/api/atelier/newsletter/unsubscribe'),
    ]) {
      const page = await fetch(link);
      const html = await page.text();
      const csp = parseCsp(page.headers.get('content-security-policy'));
      const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
      const hash = createHash('sha256').update(style).digest('base64');
      expect(csp['style-src']).toEqual([`'sha256-${hash}'`]);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['script-src']).toBeUndefined();
      expect(html).not.toMatch(/<script|style="/);
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
  });
});
