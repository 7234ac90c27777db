// Sync under injected faults: seeded runs of tests/integration/sync-faults.test.ts (the app's
// sync code in Node against a real PocketBase behind fault proxies) and a smaller share of
// tests/e2e/sync-faults.spec.ts (the app in Chromium, the same proxy, a killed browser),
// added up into one table, judged against the learner's recorded intent.
//   npm run bench -- sync-faults                      1,000 runs, seeds 1-1000
//   npm run bench -- sync-faults --runs 200 --seed 500  200 runs from seed 500
//   npm run bench -- sync-faults --seed 17            replays seed 17 alone (in Node)
//   --browser-share 0.03                              the part of the runs done in Chromium
//   --concurrency 8                                   Node runs going on side by side
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale } from '../../scripts/lib/build.mjs';
import { root } from '../../scripts/lib/pb-args.mjs';

const SCENARIO_FAULTS = {
  'proxy-faults': 'browser: the proxy refuses, drops, holds or loses answers (5xx/429/hang/cut)',
  'tab-closed-mid-write': 'browser: tab closed mid-tick',
  'browser-killed-mid-write': 'browser: the browser process killed mid-tick (SIGKILL), restarted on its profile',
  'clock-a-day-ahead': 'browser: clock up to a day ahead, measured or not',
};

function option(argv, name, fallback) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? Number(argv[i + 1]) : fallback;
}

const range = (from, count) => `${from}-${from + count - 1}`;

function p95(values) {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return '—';
  return String(Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]));
}

function runNode(seeds, concurrency, report) {
  const res = spawnSync(
    resolve(root, 'node_modules/.bin/vitest'),
    [
      'run',
      '--project',
      'integration',
      'tests/integration/sync-faults.test.ts',
      '--maxConcurrency',
      String(concurrency),
      '--reporter=dot',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SYNC_FAULT_SEEDS: seeds, SYNC_FAULT_REPORT: report },
    },
  );
  const results = existsSync(report)
    ? readFileSync(report, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  return { results, exitCode: res.status };
}

function runBrowser(seeds, report, output) {
  buildIfStale();
  spawnSync(
    resolve(root, 'node_modules/.bin/playwright'),
    [
      'test',
      'tests/e2e/sync-faults.spec.ts',
      '--project',
      'desktop',
      '--reporter=json',
      '--retries',
      '0',
      '--workers',
      '2',
      // traces and screenshots of a failed run land where the bench keeps them
      '--output',
      output,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SYNC_FAULT_BROWSER_SEEDS: seeds, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
    },
  );
  if (!existsSync(report)) return [];
  const out = [];
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s);
    for (const spec of suite.specs ?? []) {
      const m = /seed (\d+) \(([^)]+)\)/.exec(spec.title);
      const result = spec.tests?.[0]?.results?.at(-1);
      if (!m || !result || result.status === 'skipped') continue;
      out.push({
        seed: Number(m[1]),
        scenario: m[2],
        ok: result.status === 'passed',
        error: result.error?.message?.split('\n')[0] ?? '',
      });
    }
  };
  for (const s of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(s);
  return out;
}

export default async function syncFaultsBench({ table, argv }) {
  const seedOption = option(argv, 'seed', undefined);
  const runs = option(argv, 'runs', seedOption === undefined ? 1000 : 1);
  const first = seedOption ?? 1;
  const share = option(argv, 'browser-share', 0.03);
  const concurrency = option(argv, 'concurrency', 8);
  const browserRuns = runs > 1 ? Math.round(runs * share) : 0;
  const nodeRuns = runs - browserRuns;
  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-faults-'));
  // a failed run's reports and traces are kept here (the temp dir goes), so it can be investigated
  const keep = resolve(root, 'tests/.tmp', `sync-faults-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  let keepIt = false;
  try {
    const started = Date.now();
    const node = nodeRuns ? runNode(range(first, nodeRuns), concurrency, join(dir, 'node.jsonl')) : { results: [] };
    const browser = browserRuns
      ? runBrowser(range(first, browserRuns), join(dir, 'browser.json'), join(keep, 'browser-results'))
      : [];
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);

    const r = node.results;
    const sum = (f) => r.reduce((n, x) => n + f(x), 0);
    const missing = nodeRuns - r.length; // a run that threw before reporting
    const browserFailed = browser.filter((b) => !b.ok);
    console.log(`## Sync under injected faults (${runs} seeded runs from seed ${first}, ${minutes} min)\n`);
    const share = (n) => (r.length ? `${((100 * n) / r.length).toFixed(1)} %` : '—');
    const stored = r.filter((x) => x.storedNotAcknowledged > 0).length;
    table([
      {
        level: 'Node + real PocketBase',
        runs: r.length,
        intents: sum((x) => x.writes),
        lost: sum((x) => x.lost),
        duplicated: sum((x) => x.duplicated),
        'not converged': sum((x) => x.notConverged) + missing,
        'chip ≠ outbox': sum((x) => x.chipMismatch),
        'runs with stored, not acknowledged': `${stored} (${share(stored)})`,
        'devices with unmeasured clocks': sum((x) => x.unmeasuredClocks ?? 0),
        'reordered in transit': sum((x) => x.reorderedInTransit ?? 0),
        'max correction error ms': Math.max(0, ...r.map((x) => x.maxCorrectionMs ?? 0)),
        'p95 converge ms': p95(r.map((x) => x.convergeMs)),
        'failed runs': r.filter((x) => x.problems.length).length + missing,
      },
      ...(browserRuns
        ? [
            {
              level: 'Chromium (Playwright)',
              runs: browser.length,
              intents: '—',
              lost: '—',
              duplicated: '—',
              'not converged': '—',
              'chip ≠ outbox': '—',
              'runs with stored, not acknowledged': '—',
              'devices with unmeasured clocks': '—',
              'reordered in transit': '—',
              'max correction error ms': '—',
              'p95 converge ms': '—',
              'failed runs': browserFailed.length + (browserRuns - browser.length),
            },
          ]
        : []),
    ]);
    const faults = {};
    for (const x of r) for (const [k, n] of Object.entries(x.faults)) faults[k] = (faults[k] ?? 0) + n;
    for (const b of browser) {
      const k = SCENARIO_FAULTS[b.scenario] ?? `browser: ${b.scenario}`;
      faults[k] = (faults[k] ?? 0) + 1;
    }
    if (browser.length) faults['browser: CPU throttled 2-4×'] = browser.length;
    console.log('Faults injected, by kind (runs with the fault for browser and run-shape kinds):\n');
    table(Object.entries(faults).map(([fault, injected]) => ({ fault, injected })));
    console.log(
      [
        "Judged against intent: each action is recorded (what the learner meant, the device clock and the true time) before the app runs it; lost = a final state or a device copy that does not show the learner's last action, or a form not stored.",
        'stored, not acknowledged: the proxy in front of PocketBase forwarded a write, the server stored it, and the proxy lost the answer (5xx/429 in its place, held, or cut), so the device sent it again.',
        "unmeasured clocks: devices an hour to a day off whose time requests all failed: only the server's per-batch correction put their times right.",
        "reordered in transit: a last action that lost to another device's earlier one still on its way (the documented bound of the correction, docs/sync.md); max correction error: the largest distance of a time the server holds from its action's true time.\n",
      ].join('\n'),
    );
    if (browserRuns)
      console.log(
        'A Chromium run passes only when nothing is lost or duplicated, device and server agree, and the chip says synced.\n',
      );

    const failed = r.filter((x) => x.problems.length);
    for (const x of failed.slice(0, 20))
      console.error(
        `seed ${x.seed} failed: ${x.problems.join('; ')}\n  replay: npm run bench -- sync-faults --seed ${x.seed}`,
      );
    if (missing) console.error(`${missing} Node runs did not report (see the vitest output above)`);
    for (const b of browserFailed.slice(0, 20))
      console.error(
        `browser seed ${b.seed} failed: ${b.error}\n  replay: SYNC_FAULT_BROWSER_SEEDS=${b.seed} npx playwright test sync-faults --project desktop`,
      );
    if (failed.length || missing || browserFailed.length || browser.length < browserRuns) {
      process.exitCode = 1;
      keepIt = true;
      mkdirSync(keep, { recursive: true });
      for (const f of ['node.jsonl', 'browser.json'])
        if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(keep, f));
      console.error(
        `Reports kept in ${keep} (node.jsonl: every Node run; browser.json: the Playwright report; browser-results: traces of failed Chromium runs, npx playwright show-trace <trace.zip>)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!keepIt) rmSync(keep, { recursive: true, force: true });
  }
}
