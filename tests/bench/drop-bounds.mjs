// `npm run bench -- drop --bounds N`: where a drop's time goes, as crowds of 2,000 on one
// default server (ATELIER_BENCH=1 for the no-op route), each measured against the floor:
//   floor     GET /api/health: Go only, no hook VM
//   no-op JS  POST /api/atelier/bench-noop: a hook VM runs a handler that answers at once, as
//             a sold-out answer is shaped (the cost of PocketBase's JS route itself)
//   drop      the first drop of a new print: 50 winners check out, the rest are sold out
//   sold out  the same crowd again at the sold-out print: the shop's sold-out answer alone
//   winners   50 buyers alone at once for a new print of 50: what the drop's checkouts cost
//             without the crowd, PocketBase's CPU and the Stripe stand-in's (with stripe-mock:
//             on this machine's cores, where a real Stripe's work would not be)
// Sets alternate the order of the middle crowds (each crowd's allocations bring the Go
// collector closer for the next), so neither is always the one after the other.
import { loadavg } from 'node:os';
import { crowdCycles, percentile, runCrowd, runDrop, runFloor, startDropServer } from './drop.mjs';
import { median } from './paired-verdict.mjs';

const BUYERS = 2000;

/** `buyers` POSTs of a one-copy cart for `printId` at `path` (each from its own network), all answered `expected`. */
async function crowd(ctx, path, printId, round, { buyers = BUYERS, expected = 409 } = {}) {
  const c = await runCrowd(ctx, {
    path,
    buyers,
    round,
    body: (i) => ({
      items: [{ id: printId, quantity: 1 }],
      currency: 'eur',
      customerEmail: `bound${round}-${i}@example.com`,
    }),
  });
  const unexpected = c.results.filter((r) => r.status !== expected).length;
  return {
    p95: percentile(c.all, 95),
    cpu: c.serverCpu,
    stripeCpu: c.stripeCpu,
    gc: await crowdCycles(ctx, c),
    unexpected,
  };
}

const ratio = (v) => `${v.toFixed(2)}×`;
/** "median (lowest … highest)" of ratios. */
const spread = (list) => `${ratio(median(list))} (${ratio(Math.min(...list))} … ${ratio(Math.max(...list))})`;
/** "a / b / …": the median of each list, in seconds. */
const medians = (lists) => lists.map((l) => median(l).toFixed(2)).join(' / ');

export async function dropBounds(table, { sets, pool, edition }) {
  console.log(`### Where a drop's time goes: ${sets} sets of crowds of ${BUYERS} on one server (${pool} hook VMs)\n`);
  const ctx = await startDropServer({ hooksPool: pool, benchRoutes: true });
  const rows = [];
  const ratios = { noop: [], drop: [], soldOut: [] };
  const cpu = { floor: [], noop: [], drop: [], soldOut: [], winners: [] };
  const stripeCpu = { drop: [], winners: [] };
  let round = 100;
  try {
    for (let set = 1; set <= sets; set++) {
      const f1 = await runFloor(ctx, { buyers: BUYERS, round: round++ });
      let noop;
      let drop;
      let soldOut;
      const runNoop = async () => {
        noop = await crowd(ctx, '/api/atelier/bench-noop', 'noop', round++);
      };
      const runDropAndSoldOut = async () => {
        const print = await ctx.createPrint(edition);
        const d = await runDrop(ctx, { buyers: BUYERS, edition, round: round++, print });
        drop = {
          p95: percentile(d.all, 95),
          cpu: d.serverCpu,
          stripeCpu: d.stripeCpu,
          gc: d.gc,
          unexpected: d.errors + d.oversold,
        };
        soldOut = await crowd(ctx, '/api/atelier/create-payment', print.id, round++);
      };
      if (set % 2) {
        await runNoop();
        await runDropAndSoldOut();
      } else {
        await runDropAndSoldOut();
        await runNoop();
      }
      const alone = await ctx.createPrint(edition);
      const winners = await crowd(ctx, '/api/atelier/create-payment', alone.id, round++, {
        buyers: edition,
        expected: 200,
      });
      const f2 = await runFloor(ctx, { buyers: BUYERS, round: round++ });
      const floor = Math.min(f1.p95, f2.p95);
      ratios.noop.push(noop.p95 / floor);
      ratios.drop.push(drop.p95 / floor);
      ratios.soldOut.push(soldOut.p95 / floor);
      cpu.floor.push(Number(f1['server CPU s']), Number(f2['server CPU s']));
      cpu.noop.push(noop.cpu);
      cpu.drop.push(drop.cpu);
      cpu.soldOut.push(soldOut.cpu);
      cpu.winners.push(winners.cpu);
      stripeCpu.drop.push(drop.stripeCpu);
      stripeCpu.winners.push(winners.stripeCpu);
      const cell = (c) => `${Math.round(c.p95)} ms, ${ratio(c.p95 / floor)}, ${c.cpu.toFixed(2)} s`;
      rows.push({
        set,
        order: set % 2 ? 'no-op first' : 'drop first',
        'floor p95 ms (before / after), CPU s': `${Math.round(f1.p95)} / ${Math.round(f2.p95)}, ${f1['server CPU s']} / ${f2['server CPU s']}`,
        'no-op JS route: p95, ÷ floor, CPU': cell(noop),
        'drop (50 winners): p95, ÷ floor, CPU, Stripe CPU': `${cell(drop)}, ${drop.stripeCpu.toFixed(2)} s`,
        'sold out again: p95, ÷ floor, CPU': cell(soldOut),
        [`${edition} winners alone: CPU, Stripe CPU`]: `${winners.cpu.toFixed(2)} s, ${winners.stripeCpu.toFixed(2)} s`,
        'collector cycles in no-op / drop / sold out': [noop, drop, soldOut].map((c) => c.gc.length).join(' / '),
        'answers not as expected': noop.unexpected + drop.unexpected + soldOut.unexpected + winners.unexpected,
        'load avg': loadavg()[0].toFixed(1),
      });
    }
  } finally {
    await ctx.stop();
  }
  table(rows);
  table([
    {
      sets,
      'no-op JS route ÷ floor (median, range)': spread(ratios.noop),
      'drop ÷ floor': spread(ratios.drop),
      'sold out again ÷ floor': spread(ratios.soldOut),
      'PocketBase CPU s, median: floor / no-op / drop / sold out again / winners alone': medians([
        cpu.floor,
        cpu.noop,
        cpu.drop,
        cpu.soldOut,
        cpu.winners,
      ]),
      'Stripe stand-in CPU s, median: drop / winners alone': medians([stripeCpu.drop, stripeCpu.winners]),
    },
  ]);
}
