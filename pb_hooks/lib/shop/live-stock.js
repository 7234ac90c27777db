// The live edition count: one print_stock record per print (its id is the print's) holding the
// copies a buyer can still get. The stock code writes it in the same transaction as
// prints.available, through a record save, so PocketBase's realtime sends it to every open page
// subscribed to print_stock once the transaction commits. print_stock is public with an empty
// rule: no per-subscriber query, and a few bytes per message (docs/architecture.md, live count).
// Each change carries a version one higher than the last: PocketBase delivers each message from
// a goroutine of its own, so a page may get two close changes in either order and keeps the newer.
//
// One change of a print is sent at a time. Sending one costs PocketBase a copy and an encoding
// of the record and a stream write for every open page; in a drop the holds commit faster than
// that. A change that commits while the previous one is being sent is not saved on its own: it
// marks the print as changed, and the sender, once its message is out, saves the count as it is
// then (the newest, never an older one) and sends that. So pages get fewer messages, the last
// one always the true count, one send later at most. The state lives in $app.store() (per print:
// s 1 = being sent, 2 = being sent and changed since; `at` when the send began), released by the
// print_stock hooks in shop.pb.js after the save's transaction ends, committed or not.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

const STATE = "live:"; // + print id
// A send whose release never came (a crash of a handler between the two) is taken over after this.
const STUCK_MS = 5000;

/** Saves the print's live count when it changed (one version higher); true when it saved. */
function write(txApp, printId, available, editionSize) {
  // the cached collection: a plain lookup is a query of its own, in a winner's write transaction
  const collection = txApp.findCachedCollectionByNameOrId(Collections.PrintStock);
  let rec = null;
  try {
    rec = txApp.findRecordById(collection, printId);
  } catch (_) {
    rec = new Record(collection);
    rec.set("id", printId);
  }
  if (!rec.isNew() && rec.getInt("available") === available && rec.getInt("edition_size") === editionSize) return false;
  rec.set("available", Math.max(0, available));
  rec.set("edition_size", Math.max(0, editionSize));
  // read and written under this transaction's write lock: one more per change, in commit order
  rec.set("version", rec.getInt("version") + 1);
  txApp.saveNoValidate(rec);
  return true;
}

/** Unchanged: nothing. Changed: the transaction saves and sends it, or the send in flight sends it after. */
function publish(txApp, printId, available, editionSize) {
  let sending = false;
  $app.store().setFunc(STATE + printId, (old) => {
    const now = Date.now();
    sending = !!old?.s && now - old.at < STUCK_MS;
    return sending ? { s: 2, at: old.at } : { s: 1, at: now };
  });
  if (sending) return;
  let saved = false;
  try {
    saved = write(txApp, printId, available, editionSize);
  } finally {
    // no save, no hook to release it (a change since can only come after this transaction: it
    // holds the write lock, as every writer of stock does when it gets here)
    if (!saved) $app.store().setFunc(STATE + printId, (old) => (old?.s === 2 ? old : { s: 0, at: 0 }));
  }
}

/**
 * A save of the print's live count ended (its message is out, or its transaction rolled back):
 * when the count changed meanwhile, the newest is saved and sent now (its own save ends here
 * again), else the print is free for the next change to be sent at once.
 */
function released(printId) {
  require(`${__hooks}/lib/setup/test-seam.js`).hold("live-count-release");
  let again = false;
  $app.store().setFunc(STATE + printId, (old) => {
    again = old?.s === 2;
    return again ? { s: 1, at: Date.now() } : { s: 0, at: 0 };
  });
  if (!again) return;
  let saved = false;
  try {
    $app.runInTransaction((txApp) => {
      // the write lock first: the change that marked the print may not have committed yet, and
      // a read before it would see the count without it (and send nothing newer)
      txApp
        .db()
        .newQuery(`UPDATE ${Collections.PrintStock} SET version = version WHERE id = {:id}`)
        .bind({ id: printId })
        .execute();
      const row = new DynamicModel({ available: 0, edition_size: 0 });
      txApp
        .db()
        .newQuery(`SELECT available, edition_size FROM ${Collections.Prints} WHERE id = {:id}`)
        .bind({ id: printId })
        .one(row);
      saved = write(txApp, printId, row.available, row.edition_size);
    });
  } catch (err) {
    $app.logger().warn("live count: could not send the newest count", "print", printId, "error", String(err));
  }
  if (!saved) released(printId);
}

/** Cron: a send whose release never came, with a change waiting, is sent (a minute late at worst). */
function sendStuck() {
  const now = Date.now();
  const all = $app.store().getAll();
  for (const key of Object.keys(all)) {
    if (key.indexOf(STATE) !== 0) continue;
    const v = all[key];
    if (v?.s === 2 && now - v.at >= STUCK_MS) released(key.slice(STATE.length));
  }
}

/** Drops a deleted print's row. */
function remove(app, printId) {
  try {
    app.delete(app.findRecordById(Collections.PrintStock, printId));
  } catch (_) {}
}

module.exports = { publish, released, sendStuck, remove };
