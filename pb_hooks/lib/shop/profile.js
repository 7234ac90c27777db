// Optional timing probes for the checkout path (ATELIER_PROFILE=1; off in production).
// The drop bench turns them on to show where a request's time goes: waiting for a hook VM,
// preparing, waiting for and inside the write transaction, the Stripe call. Each finished
// request writes its phase durations to a file of its own in <data dir>/profile: not to the
// app store, whose one lock the crowd's stock gate contends on (a write per answer there made
// every profiled drop queue on it, README "Print drops"). GET /api/atelier/profile
// (superuser) hands the lines over and deletes them.
// CommonJS; require inside handlers.

const DIR = "profile";

// Modules load once per hook VM: made once per VM.
let dirMade = false;

function dir() {
  return `${$app.dataDir()}/${DIR}`;
}

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
      // One file per request: nothing shared to wait for.
      if (!dirMade) {
        $os.mkdirAll(dir(), 0o755);
        dirMade = true;
      }
      $os.writeFile(
        `${dir()}/${t0}-${$security.randomString(8)}.json`,
        JSON.stringify({ outcome: outcome, phases: phases, firstOnVm: firstOnVm }),
        0o644,
      );
    },
  };
}

function take() {
  const out = [];
  let entries = [];
  try {
    entries = $os.readDir(dir());
  } catch (_) {
    return out;
  }
  for (const entry of entries) {
    const path = `${dir()}/${entry.name()}`;
    try {
      out.push(JSON.parse(toString($os.readFile(path))));
    } catch (_) {
      continue; // being written now: the next take has it
    }
    $os.remove(path);
  }
  return out;
}

module.exports = { start, take };
