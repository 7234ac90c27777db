// Lighthouse mobile (default form factor and throttling), median of N runs per URL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function runLighthouse(root, url, runs = 3) {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-lh-'));
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const out = join(dir, `run-${i}.json`);
      const res = spawnSync(
        resolve(root, 'node_modules/.bin/lighthouse'),
        [
          url,
          '--quiet',
          '--output=json',
          `--output-path=${out}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          // only these flags: adding --disable-background-networking and friends made Debian's
          // Chromium fail its traces with NO_NAVSTART
          '--chrome-flags=--headless=new --no-sandbox',
        ],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
          stdio: ['ignore', 'ignore', 'pipe'],
          encoding: 'utf8',
        },
      );
      if (res.status !== 0) throw new Error(`lighthouse failed for ${url}: ${res.stderr.slice(-2000)}`);
      const lhr = JSON.parse(readFileSync(out, 'utf8'));
      results.push({
        performance: lhr.categories.performance.score * 100,
        accessibility: lhr.categories.accessibility.score * 100,
        bestPractices: lhr.categories['best-practices'].score * 100,
        seo: lhr.categories.seo.score * 100,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const keys = Object.keys(results[0]);
  return Object.fromEntries(keys.map((k) => [k, median(results.map((r) => r[k]))]));
}
