// Print stock in the database, and the stock gate (lib/shop/stock-gate.js) kept in step with
// it: a print's stock read in one statement, `available` written without a record save, the
// copies an email or a network holds, the gate's tickets, and `abandon`, the one place holds
// go back to stock. CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { nowIso, parseDate } = require(`${__hooks}/lib/records/dates.js`);
const { apiError, shortageMessage } = require(`${__hooks}/lib/shop/checkout-input.js`);
// Required once here rather than where used: require() resolves its path on every call (a
// few file-system calls each), and a drop's winners run these functions inside the writer.
const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
const liveStock = require(`${__hooks}/lib/shop/live-stock.js`);
const seam = require(`${__hooks}/lib/setup/test-seam.js`);

// ---- stock, read with one statement (inside a transaction: exact; outside: a snapshot) ----

/**
 * A print's stock: edition, sold and the copies in open holds that have not lapsed (a
 * lapsed hold is free stock even before the sweep marks it released). null if no print.
 */
function stockOf(app, printId) {
  const row = new DynamicModel({ edition_size: 0, sold: 0, title: "", is_active: false, held: 0, next_expiry: "" });
  try {
    app
      .db()
      .newQuery(
        "SELECT p.edition_size AS edition_size, p.sold AS sold, p.title AS title, p.is_active AS is_active, " +
          `(SELECT COALESCE(SUM(h.quantity), 0) FROM ${Collections.StockHolds} h WHERE h.print_id = p.id AND h.status = 'open' AND (h.expires_at = '' OR h.expires_at > {:now})) AS held, ` +
          `(SELECT COALESCE(MIN(h.expires_at), '') FROM ${Collections.StockHolds} h WHERE h.print_id = p.id AND h.status = 'open' AND h.expires_at > {:now}) AS next_expiry ` +
          `FROM ${Collections.Prints} p WHERE p.id = {:id}`,
      )
      .bind({ id: printId, now: nowIso(0) })
      .one(row);
  } catch (_) {
    return null;
  }
  return {
    id: printId,
    edition: row.edition_size,
    sold: row.sold,
    held: row.held,
    title: row.title,
    active: !!row.is_active,
    nextExpiry: parseDate(row.next_expiry),
  };
}

function remainingOf(stock) {
  return Math.max(0, stock.edition - stock.sold - stock.held);
}

function gateSnapshot(stock) {
  return {
    left: remainingOf(stock),
    until: gate.validUntil(Date.now(), stock.nextExpiry),
    title: stock.title,
    active: stock.active,
  };
}

/**
 * Writes prints.available (edition − sold − open holds) without a record save: no record
 * hooks, and no chance of writing back a stale `sold` read earlier. Inside a transaction.
 */
function writeAvailable(txApp, stock) {
  txApp
    .db()
    .newQuery(`UPDATE ${Collections.Prints} SET available = {:a} WHERE id = {:id}`)
    .bind({ a: remainingOf(stock), id: stock.id })
    .execute();
  // the open pages learn the count once this transaction commits
  liveStock.publish(txApp, stock.id, remainingOf(stock), stock.edition);
  seam.fail("after-live-count");
}

/**
 * Copies of a print held in open, unlapsed checkouts by an email, or from a network
 * (`client_network`; orders written before it was kept count by their exact `client_ip`,
 * passed as `legacyIp`). Inside a tx.
 */
function heldBy(txApp, printId, column, value, legacyIp) {
  if (!value) return 0;
  const row = new DynamicModel({ n: 0 });
  const match = legacyIp ? `(o.${column} = {:v} OR (o.${column} = '' AND o.client_ip = {:ip}))` : `o.${column} = {:v}`;
  txApp
    .db()
    .newQuery(
      `SELECT COALESCE(SUM(h.quantity), 0) AS n FROM ${Collections.StockHolds} h JOIN ${Collections.Orders} o ON o.id = h.order_id WHERE h.print_id = {:p} AND h.status = 'open' AND h.expires_at > {:now} AND o.status = 'pending' AND ${match}`,
    )
    .bind({ p: printId, now: nowIso(0), v: value, ip: legacyIp || "" })
    .one(row);
  return row.n;
}

/** The stock hooks and fulfilment use after changing holds or sales: exact, inside a tx. */
function refreshAvailable(txApp, printId) {
  const stock = stockOf(txApp, printId);
  if (stock) writeAvailable(txApp, stock);
  return stock;
}

/** Marks the gate entries of these prints stale. Call after the change committed. */
function invalidateGate(printIds) {
  for (const id of printIds) gate.invalidate($app.store(), id);
}

/**
 * Invalidates and reloads at once: after the artist saves a print (say, activates it for a
 * drop) the entry is ready before the crowd, instead of every early buyer reading it.
 */
function reloadGate(printId) {
  const store = $app.store();
  gate.invalidate(store, printId);
  const r = gate.claim(store, printId, 0, Date.now());
  const stock = stockOf($app, printId);
  if (r.result === "stale" && stock) gate.load(store, printId, gateSnapshot(stock), r.epoch);
}

// ---- releasing ----

/**
 * Ends a still-pending order with `status` (failed, expired, canceled) and releases its
 * holds. The one place holds go back to stock; returns false when the order was not pending.
 */
function abandon(orderId, status) {
  let released = false;
  const touched = {};
  $app.runInTransaction((txApp) => {
    const order = txApp.findRecordById(Collections.Orders, orderId);
    if (order.getString("status") !== "pending") return;
    order.set("status", status);
    txApp.save(order);
    for (const h of txApp.findRecordsByFilter(Collections.StockHolds, "order_id = {:o} && status = 'open'", "", 0, 0, {
      o: orderId,
    })) {
      h.set("status", "released");
      txApp.save(h);
      touched[h.getString("print_id")] = true;
    }
    for (const pid of Object.keys(touched)) refreshAvailable(txApp, pid);
    released = true;
  });
  invalidateGate(Object.keys(touched));
  return released;
}

/**
 * Takes gate tickets for every line, reloading stale entries from the database. Returns
 * the claims, or throws 404/409 (after giving back what it took).
 */
function claimTickets(wanted) {
  const r = gate.claimCart(
    $app.store(),
    wanted,
    () => Date.now(),
    (printId) => {
      const stock = stockOf($app, printId);
      return stock ? gateSnapshot(stock) : null;
    },
  );
  if (r.claims) return r.claims;
  if (r.result === "short") throw apiError(409, shortageMessage(r.title, r.left), "items", "sold_out");
  if (r.result === "inactive")
    throw apiError(404, "One of the prints in your cart is no longer available.", "items", "not_found");
  // Reloads kept losing to concurrent changes: rare, and safe to retry.
  throw apiError(503, "The shop is very busy right now. Please try again in a moment.");
}

module.exports = {
  stockOf,
  remainingOf,
  gateSnapshot,
  writeAvailable,
  heldBy,
  refreshAvailable,
  invalidateGate,
  reloadGate,
  abandon,
  claimTickets,
};
