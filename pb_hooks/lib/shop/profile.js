// Optional timing probes for the checkout path (ATELIER_PROFILE=1; off in production).
// The drop bench turns them on to show where a request's time goes: waiting for a hook VM,
// preparing, waiting for and inside the write transaction, the Stripe call. Each finished
// request appends one line of phase durations to the app store (shared by every hook VM);
// GET /api/atelier/profile (superuser) hands the lines over and clears them.
// CommonJS; require inside handlers.

const PREFIX = "atelier_profile:";

function enabled() {
  return $os.getenv("ATELIER_PROFILE") === "1";
}

/** Wall clock in milliseconds with sub-millisecond precision (Date.now() has whole ms). */
function nowMs() {
  return new DateTime().time().unixNano() / 1e6;
}

/**
 * A probe for one request: mark(name) closes the phase that started at the previous mark.
 * `sentAt` (epoch ms sent by the bench client) makes the first phase the time from sending
 * to the handler starting (connection, routing, rate limiter, VM acquisition). `entry`: whether
 * the hook VM serving it had not served a checkout before (`firstOnVm`), and the wall-clock ms
 * when the handler's first statement ran (`enteredAt`) and when its modules were loaded
 * (`loadedAt`); they split "queue" into what came before the JS ran ("toEntry") and the
 * modules a VM's first checkout loads ("modules").
 */
function start(sentAt, entry) {
  if (!enabled()) return null;
  const t0 = nowMs();
  const phases = {};
  const sent = Number(sentAt);
  const firstOnVm = !!entry?.firstOnVm;
  if (Number.isFinite(sent) && sent > 0) {
    phases.queue = t0 - sent;
    if (entry?.enteredAt) {
      phases.toEntry = entry.enteredAt - sent;
      phases.modules = entry.loadedAt - entry.enteredAt;
    }
  }
  let last = t0;
  return {
    mark(name) {
      const t = nowMs();
      phases[name] = (phases[name] || 0) + (t - last);
      last = t;
    },
    finish(outcome) {
      const t = nowMs();
      phases.rest = t - last;
      phases.handler = t - t0;
      // One key per request: appending to one shared value would serialize the crowd on it.
      $app
        .store()
        .set(
          `${PREFIX}${t0}:${$security.randomString(8)}`,
          JSON.stringify({ outcome: outcome, phases: phases, firstOnVm: firstOnVm }),
        );
    },
  };
}

function take() {
  const store = $app.store();
  const out = [];
  const all = store.getAll();
  for (const key of Object.keys(all)) {
    if (key.indexOf(PREFIX) !== 0) continue;
    out.push(JSON.parse(all[key]));
    store.remove(key);
  }
  return out;
}

module.exports = { start, take };
