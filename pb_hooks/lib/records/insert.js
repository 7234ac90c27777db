// A new row written with one INSERT instead of a record save. A save runs the record hooks and
// PocketBase's realtime broadcast, which checks every open realtime stream against the
// collection (~2.8 ms a save with 2,000 pages open on a drop, inside the buyer's request). For
// rows no page subscribes to and no hook of ours reacts to (a checkout's pending order and its
// holds), that is work for nothing at the moment it matters most. The row is what a
// saveNoValidate would store: an id of PocketBase's kind, created/updated, the given columns.
// CommonJS; require inside handlers.

const { nowIso } = require(`${__hooks}/lib/records/dates.js`);

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const ID_LENGTH = 15;

/**
 * Inserts a row into `table` with `columns` (objects and arrays stored as JSON) and returns its
 * id. Columns left out keep their defaults ('' / 0 / false / null), as a record save stores them.
 */
function insertRow(txApp, table, columns) {
  const now = nowIso();
  const row = { id: $security.randomStringWithAlphabet(ID_LENGTH, ID_ALPHABET), created: now, updated: now };
  for (const name of Object.keys(columns)) {
    const v = columns[name];
    row[name] = v !== null && typeof v === "object" ? JSON.stringify(v) : v;
  }
  txApp.db().insert(table, row).execute();
  return row.id;
}

module.exports = { insertRow };
