// The pure parts of the server's security modules, loaded as the hooks load them:
// the header policy (pb_hooks/lib/http/security-headers.js) and the client-address rules
// (pb_hooks/lib/http/client-ip.js).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

type Settings = { google: boolean; analytics: string; https: boolean };
const headers = loadHookModule<{
  settingsFrom(getenv: (name: string) => string | undefined): Settings;
  appHeaders(s: Settings): Record<string, string>;
  scriptOrigin(url: string): string;
  hexToBase64(hex: string): string;
}>('lib/http/security-headers.js');

const ip = loadHookModule<{
  parseTrustedProxy(raw: string): { mode: string; list: unknown[]; invalid: string[] };
  inList(addr: string, list: unknown[]): boolean;
  isLoopback(addr: string): boolean;
  networkOf(addr: string): string;
}>('lib/http/client-ip.js');

const env = (vars: Record<string, string>) => (name: string) => vars[name];

describe('the header policy', () => {
  it('reads what it depends on from env', () => {
    expect(headers.settingsFrom(env({}))).toEqual({ google: false, analytics: '', https: false });
    expect(
      headers.settingsFrom(
        env({ GOOGLE_CLIENT_ID: ' x ', ANALYTICS_SCRIPT_URL: 'https://a.example/s.js', SITE_URL: 'https://s.example' }),
      ),
    ).toEqual({ google: true, analytics: 'https://a.example', https: true });
  });

  it.each([
    ['https://stats.example.net/js/script.js', 'https://stats.example.net'],
    ['https://STATS.example.net:8443/x?y', 'https://stats.example.net:8443'],
    ['http://127.0.0.1:8705/script.js', 'http://127.0.0.1:8705'],
    ['http://stats.example.net/script.js', ''],
    ['javascript:alert(1)', ''],
    ["https://a.example/'; script-src *", 'https://a.example'],
    ['https://a.example;script-src *', ''],
    ['', ''],
  ])('the analytics origin of %j is %j', (url, origin) => {
    expect(headers.scriptOrigin(url)).toBe(origin);
  });

  it('never lets a configured value add anything but an origin to the policy', () => {
    const s = headers.settingsFrom(env({ ANALYTICS_SCRIPT_URL: "https://a.example/x 'unsafe-inline'" }));
    const csp = headers.appHeaders(s)['Content-Security-Policy'];
    expect(csp).not.toContain("script-src 'self' https://a.example 'unsafe-inline'");
    expect(csp.match(/'unsafe-inline'/g)).toHaveLength(1); // style-src-attr only
  });

  it('hashes as CSP expects (base64 of the digest)', () => {
    const style = 'body{margin:0}';
    const hex = createHash('sha256').update(style).digest('hex');
    expect(headers.hexToBase64(hex)).toBe(createHash('sha256').update(style).digest('base64'));
    expect(headers.hexToBase64('ff')).toBe('/w==');
    expect(headers.hexToBase64('ffee')).toBe('/+4=');
  });
});

describe('TRUSTED_PROXY', () => {
  it.each([
    ['', 'none'],
    ['0', 'none'],
    ['false', 'none'],
    ['1', 'any'],
    ['true', 'any'],
    ['10.0.0.1', 'list'],
    ['10.0.0.0/8, ::1', 'list'],
  ])('%j means %s', (raw, mode) => {
    expect(ip.parseTrustedProxy(raw).mode).toBe(mode);
  });

  it('matches addresses and ranges, IPv4 and IPv6, in the forms PocketBase reports them', () => {
    const { list, invalid } = ip.parseTrustedProxy('10.0.0.0/8 192.168.1.5, 2001:db8::/32 fd00::1 nonsense 1.2.3.4/33');
    expect(invalid).toEqual(['nonsense', '1.2.3.4/33']);
    expect(ip.inList('10.200.3.4', list)).toBe(true);
    expect(ip.inList('11.0.0.1', list)).toBe(false);
    expect(ip.inList('192.168.1.5', list)).toBe(true);
    expect(ip.inList('192.168.1.6', list)).toBe(false);
    expect(ip.inList('2001:0db8:0000:0000:0000:0000:0000:0001', list)).toBe(true);
    expect(ip.inList('2001:db9::1', list)).toBe(false);
    expect(ip.inList('fd00:0000:0000:0000:0000:0000:0000:0001', list)).toBe(true);
    expect(ip.inList('::ffff:10.1.1.1', list)).toBe(true);
    expect(ip.inList('not an address', list)).toBe(false);
  });

  it('knows loopback peers', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '0000:0000:0000:0000:0000:0000:0000:0001', '::ffff:127.0.0.1'])
      expect(ip.isLoopback(a), a).toBe(true);
    for (const a of ['10.0.0.1', '128.0.0.1', '::2', '', 'localhost']) expect(ip.isLoopback(a), a).toBe(false);
  });
});

describe('the network a visitor holds copies from', () => {
  it.each([
    ['192.0.2.17', '192.0.2.0/24'],
    ['192.0.2.255', '192.0.2.0/24'],
    ['::ffff:192.0.2.9', '192.0.2.0/24'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8::7]', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', ''],
    ['', ''],
    ['300.1.1.1', ''],
  ])('%s is in %s', (addr, network) => {
    expect(ip.networkOf(addr)).toBe(network);
  });
});
