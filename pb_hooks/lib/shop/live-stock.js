// The live edition count: one print_stock record per print (its id is the print's) holding the
// copies a buyer can still get. The stock code writes it in the same transaction as
// prints.available, through a record save, so PocketBase's realtime sends it to every open page
// subscribed to print_stock once the transaction commits. print_stock is public with an empty
// rule: no per-subscriber query, and a few bytes per message (docs/architecture.md, live count).
// Each change carries a version one higher than the last: PocketBase delivers each message from
// a goroutine of its own, so a page may get two close changes in either order and keeps the newer.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

/** Sets a print's live count (inside the transaction that changed it). Unchanged: no write, no message. */
function publish(txApp, printId, available, editionSize) {
  const collection = txApp.findCollectionByNameOrId(Collections.PrintStock);
  let rec = null;
  try {
    rec = txApp.findRecordById(collection, printId);
  } catch (_) {
    rec = new Record(collection);
    rec.set("id", printId);
  }
  if (!rec.isNew() && rec.getInt("available") === available && rec.getInt("edition_size") === editionSize) return;
  rec.set("available", Math.max(0, available));
  rec.set("edition_size", Math.max(0, editionSize));
  // read and written under this transaction's write lock: one more per change, in commit order
  rec.set("version", rec.getInt("version") + 1);
  txApp.saveNoValidate(rec);
}

/** Drops a deleted print's row. */
function remove(app, printId) {
  try {
    app.delete(app.findRecordById(Collections.PrintStock, printId));
  } catch (_) {}
}

module.exports = { publish, remove };
