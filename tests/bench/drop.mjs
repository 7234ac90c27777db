// Drop bench: a crowd presses "Buy Print" in the same second. N buyers hit create-payment
// at once for a limited edition, against a real PocketBase and the Stripe stand-in (every
// session checked by stripe-mock). Each buyer connects from its own loopback address
// (127.x.y.z), so PocketBase's per-IP rate limits and the shop's per-visitor caps stay on
// for every client. Afterwards every buyer who got a checkout pays (signed webhooks), and
// the row reports how many copies were sold against the edition: oversold must be 0.
//
//   node tests/bench/drop.mjs [--buyers 2000[,500]] [--edition 50] [--repeat 20] [--hooks-pool N[,M...]] [--profile]
//   npm run bench -- drop [--repeat 20] [--profile] [--hooks-pool 15]
// The headline is the default configuration (the pool npm start and start.sh run), measured
// against the no-JS floor in the same run; --hooks-pool adds other pools for comparison.
//
// --profile starts PocketBase with ATELIER_PROFILE=1 and prints where each request's time
// went on the server (pb_hooks/lib/shop/profile.js); the probes add a little time themselves.
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { collectorCycles, cyclesDuring, describeCycles } from './gc-trace.mjs';
import { startStripeStandinProcess } from '../../scripts/lib/stripe-standin-process.mjs';
import { serveEnv } from '../../scripts/lib/env.mjs';
import { startThrowawayPocketBase } from '../../scripts/lib/throwaway-pb.mjs';
import { dropBounds } from './drop-bounds.mjs';

// Buyers per drop round we hand addresses to; each its own /24 (the shop caps copies per network).
const PER_ROUND = 2048;
const NETWORKS = 246 * 256;

/** CPU seconds a process has used (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds of a process and every process below it (the Stripe stand-in and its stripe-mock). */
function treeCpuSeconds(pid) {
  let children = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {}
  return children.reduce((sum, c) => sum + treeCpuSeconds(c), cpuSeconds(pid));
}

/** Busy and total jiffies of the whole machine (/proc/stat). */
function machineJiffies() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + cpu[4];
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most 15 s) for a moment when the machine is idle (under 10 % busy over 300 ms) and
 * no minute boundary is near: PocketBase's every-minute jobs (holds, certificates, refunds) and
 * the renderer finishing the last drop's certificates otherwise land in some crowds and not in
 * others, and a comparison of two drops measures them instead. `idle` false: only the minute
 * (pages that poll keep the machine busy by design).
 */
async function quietMoment(idle = true) {
  const t0 = Date.now();
  while (Date.now() - t0 < 15_000) {
    const a = machineJiffies();
    await new Promise((r) => setTimeout(r, 300));
    const b = machineJiffies();
    const busy = (b.busy - a.busy) / Math.max(1, b.total - a.total);
    const second = new Date().getSeconds();
    if ((!idle || busy < 0.1) && second >= 2 && second <= 52) return;
  }
}

const GC_LINE_WAIT_MS = 2500;

export const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
    : Number.NaN;

/** The loopback address of buyer `i` in drop `round`: every buyer of every round its own /24. */
export function buyerAddress(round, i) {
  const n = round * PER_ROUND + i;
  // 246 × 256 networks (127.10.0.x … 127.255.255.x); a long run (30 rounds and more) goes on
  // with the next host of each network: a print's caps count per print, each drop's is new
  const net = n % NETWORKS;
  const host = 1 + (Math.floor(n / NETWORKS) % 254);
  return `127.${10 + (net >> 8)}.${net & 255}.${host}`;
}

/**
 * One POST from a given local address on a fresh connection, like a buyer's browser. Plain
 * sockets rather than node:http: the crowd is simulated on the same two cores as the server,
 * so the client should cost as little as it can.
 */
function post(url, body, localAddress, headers = {}, method = 'POST') {
  const { hostname, port, pathname } = new URL(url);
  const payload = Buffer.from(body === null ? '' : JSON.stringify(body));
  return new Promise((resolve) => {
    const t0 = performance.now();
    const extra = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const head =
      `${method} ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n` +
      `X-Bench-Sent: ${performance.timeOrigin + performance.now()}\r\nConnection: close\r\n${extra}\r\n`;
    const chunks = [];
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let done = false;
    const finish = (status, json) => {
      if (done) return;
      done = true;
      resolve({ status, ms: performance.now() - t0, json, end: performance.now() });
    };
    socket.on('connect', () => socket.write(Buffer.concat([Buffer.from(head), payload])));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => finish(0, { message: String(err.message) }));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(text.slice(9, 12)) || 0;
      const at = text.indexOf('\r\n\r\n');
      let json = {};
      try {
        // Connection: close answers are not chunked by PocketBase for JSON bodies.
        json = JSON.parse(text.slice(at + 4));
      } catch {}
      finish(status, json);
    });
  });
}

/**
 * PocketBase + Stripe stand-in for a series of drops. The stand-in runs in a process of its own,
 * as Stripe is a service of its own: sharing this process's event loop with the crowd it waited
 * for the bench (lag up to 2 s in a drop with 2,000 pages open), which the winners' times counted.
 */
export async function startDropServer({ hooksPool, profile = false, benchRoutes = false } = {}) {
  const stripe = await startStripeStandinProcess();
  let server;
  try {
    server = await startThrowawayPocketBase({
      hooksPool,
      tempPrefix: 'atelier-drop-',
      env: {
        ATELIER_PROFILE: profile ? '1' : '',
        ATELIER_BENCH: benchRoutes ? '1' : '',
        // one line per collector cycle on stderr, to tell which crowds a cycle ran in (gc-trace.mjs)
        GODEBUG: [process.env.GODEBUG, 'gctrace=1'].filter(Boolean).join(','),
        ...stripe.env,
      },
    });
  } catch (err) {
    await stripe.stop();
    throw err;
  }
  await stripe.setWebhookUrl(`${server.url}/api/stripe/webhook`);
  let printSeq = 0;
  const ctx = {
    server,
    stripe,
    profile,
    startSeconds: server.startSeconds,
    su: (path) => server.admin('GET', path),
    async createPrint(edition) {
      printSeq += 1;
      return server.admin('POST', '/api/collections/prints/records', {
        slug: `drop-bench-${printSeq}`,
        title: `Drop Bench ${printSeq}`,
        currency: 'eur',
        price_cents: 24000,
        edition_size: edition,
        is_active: true,
        sort_order: printSeq,
      });
    },
    async stop() {
      await server.stop();
      await stripe.stop();
    },
  };
  return ctx;
}

/** One buyer at a time: the latency of the same request without a crowd. */
async function baseline(ctx, n = 10) {
  const print = await ctx.createPrint(n + 10);
  const ms = [];
  for (let i = 0; i < n; i++) {
    const r = await post(
      `${ctx.server.url}/api/atelier/create-payment`,
      { items: [{ id: print.id, quantity: 1 }], currency: 'eur', customerEmail: `alone${i}@example.com` },
      `127.9.${i}.1`,
    );
    if (r.status !== 200) throw new Error(`a lone buyer got ${r.status}: ${JSON.stringify(r.json)}`);
    ms.push(r.ms);
  }
  if (ctx.profile) await ctx.su('/api/atelier/profile');
  return ms.sort((a, b) => a - b);
}

/**
 * `buyers` requests at once to `path`, each on its own connection from buyer i's address of
 * `round`, started at a quiet moment (`idle` as quietMoment). Returns the answers, their times
 * sorted (`all`, ms), the last answer's ms after the start, when it started (epoch ms), the load
 * average then, the CPU seconds PocketBase, the Stripe stand-in (with its stripe-mock: the
 * winners' calls to "Stripe" cost this machine's cores, as a real Stripe's would not) and this
 * process used meanwhile (the collector's cycles in it: crowdCycles).
 */
export async function runCrowd(ctx, { path, buyers, round, body, method = 'POST', idle = true }) {
  const url = `${ctx.server.url}${path}`;
  await quietMoment(idle);
  const load = loadavg()[0];
  const serverCpu0 = cpuSeconds(ctx.server.child.pid);
  const stripeCpu0 = treeCpuSeconds(ctx.stripe.pid);
  const clientCpu0 = process.cpuUsage();
  const startedAt = Date.now();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: buyers }, (_, i) => post(url, body(i), buyerAddress(round, i), {}, method)),
  );
  const lastAnswer = Math.max(...results.map((r) => r.end)) - started;
  const serverCpu = cpuSeconds(ctx.server.child.pid) - serverCpu0;
  const stripeCpu = treeCpuSeconds(ctx.stripe.pid) - stripeCpu0;
  const clientCpu = process.cpuUsage(clientCpu0);
  return {
    results,
    all: results.map((r) => r.ms).sort((a, b) => a - b),
    lastAnswer,
    startedAt,
    load,
    serverCpu,
    stripeCpu,
    clientCpu: (clientCpu.user + clientCpu.system) / 1e6,
  };
}

/**
 * The Go collector's cycles that ran in a crowd (runCrowd's answer). Go prints a cycle's line
 * when the cycle ends: one still marking at the last answer shows up to ~2 s later (the longest
 * seen, 1.9 s), so this waits until that long after the crowd before reading the trace; callers
 * ask after their own follow-up work (a drop's payments), which usually covers the wait.
 */
export async function crowdCycles(ctx, crowd) {
  const end = crowd.startedAt + crowd.lastAnswer;
  await new Promise((r) => setTimeout(r, Math.max(0, end + GC_LINE_WAIT_MS - Date.now())));
  return cyclesDuring(collectorCycles(ctx.server.output(), ctx.server.spawnedAt), crowd.startedAt, end);
}

/**
 * The same crowd against PocketBase's own GET /api/health (Go only, no hook VM, no
 * database): what this machine, this client and PocketBase's HTTP stack cost by themselves.
 */
export async function runFloor(ctx, { buyers, round }) {
  const c = await runCrowd(ctx, { path: '/api/health', method: 'GET', buyers, round, body: () => null });
  const load = loadavg()[0];
  const gc = await crowdCycles(ctx, c);
  return {
    p95: percentile(c.all, 95),
    scenario: `${buyers} × GET /api/health (no JS: the floor)`,
    ok: c.results.filter((r) => r.status === 200).length,
    'all p50/p95/p99 ms': [50, 95, 99].map((p) => Math.round(percentile(c.all, p))).join(' / '),
    'last answer s': (c.lastAnswer / 1000).toFixed(2),
    'server CPU s': c.serverCpu.toFixed(2),
    'collector cycles in it': describeCycles(gc),
    'load avg': load.toFixed(1),
  };
}

/** PocketBase's time format ("2026-11-27 20:00:00.000Z") for a filter on `created`. */
export const pbTime = (ms) => new Date(ms).toISOString().replace('T', ' ');

/**
 * PocketBase's log entries that match `filter` (the oldest `perPage`, one line each) and how
 * many match. The logger writes its batch after 3 s of quiet, so this waits for it first.
 */
export async function serverLogs(ctx, filter, perPage) {
  await new Promise((r) => setTimeout(r, 3500));
  const logs = await ctx.su(`/api/logs?perPage=${perPage}&sort=created&filter=${encodeURIComponent(filter)}`);
  return {
    total: logs.totalItems,
    lines: logs.items.map((l) => `${l.created} ${l.message} ${JSON.stringify(l.data)}`),
  };
}

/**
 * PocketBase's own warnings and errors (not request lines) written while the crowd was answered
 * (from `sinceMs` to `untilMs`; the payments after it log mail failures, the bench has no SMTP):
 * why a hook answered an error, e.g. a failed Stripe call's status and error text
 * (lib/shop/stripe.js logFailure) or a call repeated after a network failure.
 */
async function serverErrors(ctx, sinceMs, untilMs) {
  const filter = `level >= 4 && data.type != 'request' && created >= '${pbTime(sinceMs)}' && created <= '${pbTime(untilMs)}'`;
  return (await serverLogs(ctx, filter, 20)).lines;
}

/** One drop on a running server (of a new print, or of `print` when given). */
export async function runDrop(ctx, { buyers, edition, round = 0, print: given, idle = true }) {
  const print = given ?? (await ctx.createPrint(edition));
  const crowd = await runCrowd(ctx, {
    path: '/api/atelier/create-payment',
    buyers,
    round,
    idle,
    body: (i) => ({
      items: [{ id: print.id, quantity: 1 }],
      currency: 'eur',
      customerEmail: `buyer${round}-${i}@example.com`,
    }),
  });
  const { results, lastAnswer, startedAt, load, serverCpu, stripeCpu, clientCpu } = crowd;
  const profile = ctx.profile ? await ctx.su('/api/atelier/profile') : null;

  const winners = results.filter((r) => r.status === 200);
  const soldOut = results.filter((r) => r.status === 409);
  const limited = results.filter((r) => r.status === 429);
  const errors = results.filter((r) => r.status !== 200 && r.status !== 409 && r.status !== 429);

  // Every buyer who got a checkout pays: Stripe's signed webhooks arrive, fulfilment runs.
  let paid = 0;
  for (const w of winners) {
    const d = await ctx.stripe.pay(w.json.sessionId);
    if (d.status === 200) paid += 1;
  }
  const after = await ctx.su(`/api/collections/prints/records/${print.id}`);
  const holds = await ctx.su(
    `/api/collections/stock_holds/records?perPage=500&filter=${encodeURIComponent(`print_id='${print.id}' && status='consumed'`)}`,
  );
  const numbers = holds.items.flatMap((h) => h.edition_numbers ?? []);
  const distinct = new Set(numbers);
  const badNumbers = numbers.length - distinct.size + numbers.filter((n) => n < 1 || n > edition).length;
  const sorted = (list) => list.map((r) => r.ms).sort((a, b) => a - b);
  return {
    buyers,
    edition,
    checkouts: winners.length,
    soldOut: soldOut.length,
    limited: limited.length,
    errors: errors.length,
    errorSample: errors.slice(0, 3).map((r) => `${r.status} ${r.json?.message ?? ''}`),
    serverErrors: errors.length ? await serverErrors(ctx, startedAt, startedAt + lastAnswer + 1000) : [],
    paid,
    sold: after.sold,
    oversold: Math.max(0, after.sold - edition, paid - edition, winners.length - edition) + badNumbers,
    all: crowd.all,
    winners: sorted(winners),
    losers: sorted(soldOut),
    lastAnswer,
    serverCpu,
    stripeCpu,
    clientCpu,
    gc: await crowdCycles(ctx, crowd),
    load,
    profile,
  };
}

const trio = (list) => (list.length ? [50, 95, 99].map((p) => Math.round(percentile(list, p))).join(' / ') : '–');

export function dropRows(r, alone) {
  return {
    scenario: `${r.buyers} buyers, edition ${r.edition}`,
    checkouts: r.checkouts,
    'sold out': r.soldOut,
    '429s': r.limited,
    errors: r.errors,
    paid: r.paid,
    oversold: r.oversold,
    'all p50/p95/p99 ms': trio(r.all),
    'winners p50/p95/p99 ms': trio(r.winners),
    'sold out p50/p95/p99 ms': trio(r.losers),
    'last answer s': (r.lastAnswer / 1000).toFixed(2),
    'alone p50 ms': alone ? Math.round(percentile(alone, 50)) : '–',
    'server CPU s': r.serverCpu.toFixed(2),
    'bench CPU s': r.clientCpu.toFixed(2),
    'collector cycles in it': describeCycles(r.gc),
    'load avg': r.load.toFixed(1),
  };
}

/** Server-side phase durations (ms) by outcome: where the time went. */
export function profileRows(lines) {
  const groups = new Map();
  for (const l of lines ?? []) {
    const outcome = l.outcome === 200 ? 'checkout' : l.outcome === 409 ? 'sold out' : String(l.outcome);
    for (const [phase, ms] of Object.entries(l.phases)) {
      const key = `${outcome}\u0000${phase}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(ms);
    }
  }
  const rows = [];
  for (const [key, values] of groups) {
    const [outcome, phase] = key.split('\u0000');
    values.sort((a, b) => a - b);
    const sum = values.reduce((s, v) => s + v, 0);
    rows.push({
      outcome,
      phase,
      n: values.length,
      'mean ms': (sum / values.length).toFixed(2),
      'p50 ms': percentile(values, 50).toFixed(2),
      'p95 ms': percentile(values, 95).toFixed(2),
      'max ms': values.at(-1).toFixed(2),
      'sum s': (sum / 1000).toFixed(2),
    });
  }
  return rows;
}

/**
 * How many answers came from a hook VM serving its first checkout: a drop that keeps up reuses
 * a few dozen VMs; one that stalls hands each new request to a VM that never served one.
 */
function firstOnVmLine(lines) {
  const all = lines ?? [];
  const first = all.filter((l) => l.firstOnVm).length;
  return `Hook VMs that served their first checkout in this drop: ${first} (of ${all.length} answers profiled)`;
}

function summarizeRepeat(runs) {
  const p95s = runs.map((r) => percentile(r.all, 95)).sort((a, b) => a - b);
  return {
    scenario: `${runs.length} drops × ${runs[0].buyers} buyers, edition ${runs[0].edition}`,
    checkouts: runs.reduce((s, r) => s + r.checkouts, 0),
    'sold out': runs.reduce((s, r) => s + r.soldOut, 0),
    '429s': runs.reduce((s, r) => s + r.limited, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    paid: runs.reduce((s, r) => s + r.paid, 0),
    oversold: runs.reduce((s, r) => s + r.oversold, 0),
    'drops oversold': runs.filter((r) => r.oversold > 0).length,
    'all p95 ms (median / worst drop)': `${Math.round(percentile(p95s, 50))} / ${Math.round(p95s.at(-1))}`,
    'drops with a collector cycle in them': runs.filter((r) => r.gc.length > 0).length,
  };
}

/** The server's peak resident memory (Linux VmHWM), what a pool of hook VMs costs. */
function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 'n/a';
  } catch {
    return 'n/a';
  }
}

export const DROP_OPTIONS = {
  buyers: { type: 'string' },
  edition: { type: 'string', default: '50' },
  repeat: { type: 'string' },
  'hooks-pool': { type: 'string' },
  profile: { type: 'boolean', default: false },
  bounds: { type: 'string' },
};

// What the default configuration must reach (issue 18): p95 over all answers at most this many
// times the floor's p95 measured beside it.
const TARGET_RATIO = 1.5;

const floorRow = ({ p95, ...row }) => row;

/**
 * A fresh server with `pool` hook VMs: the floor, the first drop (the crowd meets a server that
 * has served nobody yet, as after a restart), the floor again, then the verdict against the
 * target and the server's memory. Returns whether a drop oversold or erred.
 */
async function measurePool(table, { pool, label, sizes, edition, profile, repeat }) {
  console.log(`### ${label}\n`);
  const ctx = await startDropServer({ hooksPool: pool, profile });
  let failed = false;
  try {
    let round = 0;
    const before = await runFloor(ctx, { buyers: sizes[0], round: round++ });
    const drops = [];
    for (const buyers of sizes) drops.push(await runDrop(ctx, { buyers, edition, round: round++ }));
    const after = await runFloor(ctx, { buyers: sizes[0], round: round++ });
    const alone = await baseline(ctx);
    table(drops.map((r) => dropRows(r, alone)));
    table([floorRow(before), floorRow(after)]);
    for (const r of drops) {
      if (r.oversold > 0 || r.errors > 0) failed = true;
      if (r.errors) console.error(`errors, e.g.: ${r.errorSample.join(' | ')}\n${r.serverErrors.join('\n')}`);
    }
    const head = drops[0];
    // the stricter of the two: a floor slowed by something else would flatter the ratio
    const floor = Math.min(before.p95, after.p95);
    const ratio = percentile(head.all, 95) / floor;
    table([
      {
        'hook VMs': pool,
        [`${head.buyers} buyers: all p95 ms`]: Math.round(percentile(head.all, 95)),
        'floor p95 ms (before / after)': `${Math.round(before.p95)} / ${Math.round(after.p95)}`,
        'p95 ÷ floor': ratio.toFixed(2),
        [`target ≤ ${TARGET_RATIO}×`]: ratio <= TARGET_RATIO ? 'met' : 'missed',
        'errors / oversold': `${head.errors} / ${head.oversold}`,
        'PocketBase peak RSS MB': peakRssMb(ctx.server.child.pid),
        'start to healthy s': ctx.startSeconds.toFixed(1),
        'load avg (1 min)': head.load.toFixed(1),
      },
    ]);
    if (profile) {
      for (const r of drops) {
        console.log(`Server profile, ${r.buyers} buyers (ms per request, by outcome and phase):\n`);
        table(profileRows(r.profile));
        console.log(`${firstOnVmLine(r.profile)}\n`);
      }
    }
    if (repeat) {
      const runs = [];
      for (let i = 0; i < repeat; i++) runs.push(await runDrop(ctx, { buyers: sizes[0], edition, round: round++ }));
      table([summarizeRepeat(runs)]);
      if (runs.some((r) => r.oversold > 0 || r.errors > 0)) failed = true;
    }
  } finally {
    await ctx.stop();
  }
  return failed;
}

/**
 * `npm run bench -- drop`: the headline is the default configuration, as `npm start` and the
 * package's start.sh run it (PB_HOOKS_POOL, else DROP_HOOKS_POOL): a fresh server, the floor
 * (2,000 × GET /api/health), the first drop of 2,000 buyers (`--buyers N[,M…]`: other sizes,
 * the first is the headline), the floor again, and the verdict against p95 ≤ 1.5× the floor.
 * `--hooks-pool N[,M…]` adds the same rows for other pools (e.g. 15, PocketBase's own default);
 * `--repeat N` adds N drops on the default server; `--profile` prints server-side phases;
 * `--bounds N` instead runs N sets of crowds that show where the drop's time goes (drop-bounds.mjs).
 * Exits non-zero when a drop oversells or errs (a missed latency target is reported, not failed).
 */
export default async function drop({ table, argv = [] }) {
  const { values } = parseArgs({ args: argv, options: DROP_OPTIONS, allowPositionals: true, strict: false });
  const edition = Number(values.edition);
  const sizes = values.buyers ? values.buyers.split(',').map(Number) : [2000];
  const configured = Number(serveEnv({ ...process.env }).PB_HOOKS_POOL);
  const others = values['hooks-pool'] ? values['hooks-pool'].split(',').map(Number) : [];
  console.log(
    `## Print drop: buyers press "Buy Print" at once, each from its own address (local Stripe stand-in${values.profile ? ', profiling on' : ''})\n`,
  );
  if (values.bounds) {
    // only the bounds: what a crowd costs with nothing, with a no-op JS route, with the drop
    await dropBounds(table, { sets: Number(values.bounds) || 6, pool: configured, edition });
    return;
  }
  let failed = await measurePool(table, {
    pool: configured,
    label: `The default configuration, as npm start and start.sh run it: ${configured} prewarmed hook VMs`,
    sizes,
    edition,
    profile: values.profile,
    repeat: Number(values.repeat) || 0,
  });
  for (const pool of others) {
    const label = `For comparison: ${pool} prewarmed hook VMs${pool === 15 ? " (PocketBase's own default)" : ''}`;
    if (await measurePool(table, { pool, label, sizes, edition, profile: values.profile, repeat: 0 })) failed = true;
  }
  if (failed) {
    console.error('Drop bench: oversold copies or errors (see the rows above).');
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = (rows) => {
    const cols = Object.keys(rows[0]);
    console.log(`| ${cols.join(' | ')} |`);
    console.log(`|${cols.map(() => '---').join('|')}|`);
    for (const row of rows) console.log(`| ${cols.map((c) => row[c]).join(' | ')} |`);
    console.log('');
  };
  await drop({ table, argv: process.argv.slice(2) });
}
