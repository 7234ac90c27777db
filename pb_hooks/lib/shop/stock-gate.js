// The stock gate: a per-print count of copies new buyers may still claim, kept in the app
// store (one store shared by every hook VM) in step with the database, so a crowd's
// "sold out" answers never wait for SQLite's single writer. Only a buyer who takes a ticket
// here goes on to the write transaction, and that transaction still checks the database:
// the gate decides who may try, never who gets a copy.
//
// Entry per print: {left, pending, until, epoch, title, active}, kept in the store as the text
// "left|pending|until|epoch|active|title" (the title last: it may hold "|"). A drop's crowd
// decodes it on every request, and goja's JSON.parse costs about three times a split (it makes
// an error object for every scalar it reads; docs/performance.md). Entries are never changed in
// place (each transition makes a new one), so a VM keeps the last one it decoded.
//   left     copies not yet claimed by anyone (database remaining − pending)
//   pending  copies claimed by buyers whose write transaction has not finished
//   until    epoch ms after which the entry must be reloaded from the database (the first
//            open hold's expiry, and at most MAX_AGE_MS, so a hold that lapses or an edit the
//            hooks did not see is picked up)
//   epoch    bumped by every settle and invalidation: a reload read before one of them is
//            older than the entry and is dropped instead of overwriting it
// Every change goes through store.setFunc, which runs the transition under the store's lock.
//
// Why the counts stay true (left never promises a copy the database lacks for long, and
// never hides one): a buyer's transaction settles the entry as its last statement, from the
// database remaining it just computed inside the writer, minus the other buyers' pending
// claims (none of which can have committed while this one holds the writer). Anything that
// gives stock back (release, expiry, an edit of the edition) marks the entry stale after its
// commit, and the next buyer reloads it with a plain read. A failed transaction marks it
// stale too.
//
// The transitions are pure (no PocketBase globals) so Node tests can require this file.
// CommonJS; require inside handlers.

const KEY_PREFIX = "atelier_stock:";
const MAX_AGE_MS = 30 * 1000;

// This VM's last decoded entry and the text it came from.
let lastRaw = "";
let lastEntry = null;

function decode(raw) {
  if (typeof raw !== "string" || raw === "") return null;
  if (raw === lastRaw) return lastEntry;
  const p = raw.split("|");
  if (p.length < 6) return null;
  const left = Number(p[0]);
  const pending = Number(p[1]);
  const until = Number(p[2]);
  const epoch = Number(p[3]);
  if (!Number.isFinite(left) || !Number.isFinite(pending) || !Number.isFinite(until) || !Number.isFinite(epoch))
    return null;
  const title = p.length === 6 ? p[5] : p.slice(5).join("|");
  lastEntry = entryOf(left, pending, until, epoch, p[4] === "1", title);
  lastRaw = raw;
  return lastEntry;
}

function encode(entry) {
  if (!entry) return "";
  const active = entry.active ? "1" : "0";
  return `${entry.left}|${entry.pending}|${entry.until}|${entry.epoch}|${active}|${entry.title}`;
}

function entryOf(left, pending, until, epoch, active, title) {
  return { left: left, pending: pending, until: until, epoch: epoch, title: title, active: active };
}

function fresh(entry, now) {
  return !!entry && entry.until > now;
}

/**
 * The crowd's path: a read (no write lock, no code under the store's lock) that already
 * knows the answer is "not enough". Anything else goes on to claim().
 */
function shortState(entry, quantity, now) {
  return fresh(entry, now) && entry.active && entry.left < quantity
    ? { result: "short", left: entry.left, title: entry.title }
    : null;
}

/** Takes `quantity` tickets if the entry is fresh and has them. */
function claimState(entry, quantity, now) {
  if (!fresh(entry, now)) return { next: entry, result: "stale", epoch: entry ? entry.epoch : 0 };
  if (!entry.active) return { next: entry, result: "inactive" };
  if (entry.left < quantity) return { next: entry, result: "short", left: entry.left, title: entry.title };
  return {
    next: entryOf(entry.left - quantity, entry.pending + quantity, entry.until, entry.epoch, entry.active, entry.title),
    result: "ok",
  };
}

/** Returns tickets of a buyer who did not reach the write transaction. */
function giveBackState(entry, quantity) {
  if (!entry) return entry;
  return entryOf(
    entry.left + quantity,
    Math.max(0, entry.pending - quantity),
    entry.until,
    entry.epoch,
    entry.active,
    entry.title,
  );
}

/**
 * Inside the write transaction: this buyer's `quantity` is no longer pending, and the
 * database says `dbLeft` copies remain (after this buyer's hold, if any was made).
 */
function settleState(entry, quantity, snapshot) {
  const pending = entry ? Math.max(0, entry.pending - quantity) : 0;
  return {
    left: Math.max(0, snapshot.left - pending),
    pending: pending,
    until: snapshot.until,
    epoch: (entry ? entry.epoch : 0) + 1,
    title: snapshot.title,
    active: snapshot.active,
  };
}

/**
 * A snapshot read outside the writer (claims still pending are not in it yet), taken when
 * the entry had `epoch`. Dropped when a settle or invalidation came in between.
 */
function loadState(entry, snapshot, epoch) {
  const current = entry ? entry.epoch : 0;
  if (current !== epoch) return { next: entry, applied: false };
  const pending = entry ? entry.pending : 0;
  return {
    next: {
      left: Math.max(0, snapshot.left - pending),
      pending: pending,
      until: snapshot.until,
      epoch: current,
      title: snapshot.title,
      active: snapshot.active,
    },
    applied: true,
  };
}

function invalidateState(entry) {
  return entry ? entryOf(entry.left, entry.pending, 0, entry.epoch + 1, entry.active, entry.title) : entry;
}

/** When an entry built now must be reloaded, given the first open hold's expiry (ms or 0). */
function validUntil(now, nextExpiryMs) {
  const cap = now + MAX_AGE_MS;
  return nextExpiryMs && nextExpiryMs > now ? Math.min(cap, nextExpiryMs) : cap;
}

// ---- store adapter (PocketBase's $app.store(); any object with get(key) and setFunc(key, fn) works) ----

/**
 * Runs a transition under the store lock; fn returns {next, ...result}. The transition is
 * worked out before taking the lock from the value read (`seen`: {raw, entry} the caller already
 * read and decoded, else read now):
 * if nobody changed it meanwhile, the lock is held only to compare and store, otherwise it
 * is worked out again under the lock. The transitions are pure, so working one out twice is safe.
 */
function update(store, printId, fn, seen) {
  const key = KEY_PREFIX + printId;
  const before = seen ? seen.raw : store.get(key);
  let out = fn(seen ? seen.entry : decode(before));
  const guess = encode(out.next);
  store.setFunc(key, (old) => {
    if (old === before || (!old && !before)) return guess;
    out = fn(decode(old));
    return encode(out.next);
  });
  return out;
}

function claim(store, printId, quantity, now) {
  const raw = store.get(KEY_PREFIX + printId);
  const entry = decode(raw);
  return (
    shortState(entry, quantity, now) ||
    update(store, printId, (e) => claimState(e, quantity, now), { raw: raw, entry: entry })
  );
}

function giveBack(store, printId, quantity) {
  update(store, printId, (entry) => ({ next: giveBackState(entry, quantity) }));
}

// A stale entry is reloaded at most this often per line before the buyer is told to retry.
const RELOAD_ATTEMPTS = 5;

/**
 * Takes the tickets of a whole cart ([{printId, quantity}]), or none. `reload(printId)` returns a
 * fresh snapshot of the print's stock (null: no such print) for a stale entry; without it a stale
 * entry ends the attempt (the crowd's path leaves that to the full checkout). Returns
 * {claims} (the caller owns them), or {result: "short", left, title} | {result: "inactive"} |
 * {result: "stale"} after giving back what it took.
 */
function claimCart(store, wanted, now, reload) {
  const claims = [];
  for (const w of wanted) {
    let r = null;
    for (let attempt = 0; attempt < (reload ? RELOAD_ATTEMPTS : 1); attempt++) {
      r = claim(store, w.printId, w.quantity, now());
      if (r.result !== "stale" || !reload) break;
      const snapshot = reload(w.printId);
      if (!snapshot) {
        r = { result: "inactive" };
        break;
      }
      load(store, w.printId, snapshot, r.epoch);
    }
    if (r.result === "ok") {
      claims.push({ printId: w.printId, quantity: w.quantity });
      continue;
    }
    for (const c of claims) giveBack(store, c.printId, c.quantity);
    return r;
  }
  return { claims: claims };
}

function settle(store, printId, quantity, snapshot) {
  update(store, printId, (entry) => ({ next: settleState(entry, quantity, snapshot) }));
}

/** Returns true when the snapshot was applied. */
function load(store, printId, snapshot, epoch) {
  return update(store, printId, (entry) => loadState(entry, snapshot, epoch)).applied;
}

function invalidate(store, printId) {
  update(store, printId, (entry) => ({ next: invalidateState(entry) }));
}

function peek(store, printId) {
  return decode(store.get(KEY_PREFIX + printId));
}

module.exports = { MAX_AGE_MS, shortState, validUntil, claim, claimCart, giveBack, settle, load, invalidate, peek };
