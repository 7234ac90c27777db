// Lighthouse mobile (default form factor and throttling), median of N runs per URL. A run that
// fails (NO_NAVSTART, a crashed Chromium, no score) is retried; failures are reported with the
// result, never thrown. The median run's report and trace are kept so a missed target can be
// explained from where its time went. Every run checks that it measured a server-rendered
// page (X-SSR: hit or miss on the document): a run that measured the app shell (renderer
// down, failing, or off) is not a measurement of the site, and fails the page at once.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The X-SSR answers that mean the document was rendered on the server for this request or kept from one. */
const RENDERED = new Set(['hit', 'miss']);

/** The X-SSR header of the measured document, from the run's DevTools log ('' when absent). */
function documentSsr(devtoolsLogFile, lhr) {
  const log = JSON.parse(readFileSync(devtoolsLogFile, 'utf8'));
  const documents = log
    .filter((e) => e.method === 'Network.responseReceived' && e.params.type === 'Document')
    .map((e) => e.params.response);
  const main = documents.find((r) => r.url === lhr.mainDocumentUrl) ?? documents[0];
  if (!main) return '';
  const header = Object.entries(main.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-ssr');
  return header ? String(header[1]) : '';
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};

/** One Lighthouse run. Resolves {result} or {error}; the JSON report and trace stay in `dir`. */
function runOnce(root, url, dir, name) {
  const out = join(dir, `${name}.json`);
  const res = spawnSync(
    resolve(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--save-assets',
      '--only-categories=performance,accessibility,best-practices,seo',
      // only these flags: adding --disable-background-networking and friends made Debian's
      // Chromium fail its traces with NO_NAVSTART
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  if (res.status !== 0 || !existsSync(out)) {
    const tail = (res.stderr || String(res.error ?? '')).trim().split('\n').slice(-3).join(' ');
    return { error: `exit ${res.status}: ${tail.slice(0, 300)}` };
  }
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`.slice(0, 300) };
  const devtoolsLog = join(dir, `${name}-0.devtoolslog.json`);
  if (!existsSync(devtoolsLog)) return { error: 'Lighthouse saved no DevTools log: the document was not checked' };
  const ssr = documentSsr(devtoolsLog, lhr);
  if (!RENDERED.has(ssr)) {
    return {
      error: `measured a page that was not server-rendered: X-SSR ${ssr ? `"${ssr}"` : 'missing'} on ${lhr.mainDocumentUrl}`,
      notRendered: true,
    };
  }
  const score = (id) => lhr.categories[id]?.score;
  if ([score('performance'), score('accessibility'), score('best-practices'), score('seo')].some((s) => s == null)) {
    const warn = (lhr.runWarnings ?? []).join(' ').slice(0, 300);
    return { error: `a category has no score${warn ? `: ${warn}` : ''}` };
  }
  const result = {
    performance: Math.round(score('performance') * 100),
    accessibility: Math.round(score('accessibility') * 100),
    bestPractices: Math.round(score('best-practices') * 100),
    seo: Math.round(score('seo') * 100),
  };
  for (const [key, audit] of Object.entries(METRICS)) result[key] = lhr.audits[audit].numericValue;
  return { result, ssr, report: out, trace: join(dir, `${name}-0.trace.json`) };
}

/**
 * Median of `runs` successful runs of one URL. Each run gets up to `retries` more attempts.
 * Returns {median, runs, ssr, failures, notRendered} (median null when no run succeeded; ssr
 * counts the X-SSR answers, e.g. {miss: 1, hit: 4}). A run that measured an unrendered page
 * ends the page's runs: notRendered is then that run's message and median null. With
 * `keepDir`, the median run's report.json and trace.json are copied there.
 */
export function runLighthouse(root, url, { runs = 5, retries = 3, keepDir } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-lh-'));
  const ok = [];
  const failures = [];
  try {
    for (let i = 0; i < runs; i++) {
      for (let attempt = 0; attempt <= retries; attempt++) {
        const got = runOnce(root, url, dir, `run-${i}-${attempt}`);
        if (got.result) {
          ok.push(got);
          break;
        }
        failures.push(`run ${i + 1} attempt ${attempt + 1}: ${got.error}`);
        if (got.notRendered) return { median: null, runs: [], ssr: {}, failures, notRendered: got.error };
      }
    }
    const ssr = {};
    for (const r of ok) ssr[r.ssr] = (ssr[r.ssr] ?? 0) + 1;
    if (ok.length === 0) return { median: null, runs: [], ssr, failures };
    const keys = Object.keys(ok[0].result);
    const med = Object.fromEntries(keys.map((k) => [k, median(ok.map((r) => r.result[k]))]));
    if (keepDir) {
      // the run whose performance score is the median one is the trace worth reading
      const pick = ok.find((r) => r.result.performance === med.performance) ?? ok[0];
      mkdirSync(keepDir, { recursive: true });
      copyFileSync(pick.report, join(keepDir, 'report.json'));
      if (existsSync(pick.trace)) copyFileSync(pick.trace, join(keepDir, 'trace.json'));
    }
    return { median: med, runs: ok.map((r) => r.result), ssr, failures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
