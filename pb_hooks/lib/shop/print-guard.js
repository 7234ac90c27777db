// The server owns prints.sold and prints.available; the artist owns the edition size and
// the prices. Saves through the records API or the admin UI keep the database's sold count
// (a form loaded before a sale would otherwise rewind it), derive `available`, and refuse
// an edition smaller than the copies already sold or held in open checkouts.
// CommonJS; require inside handlers.

function fieldError(field, code, message) {
  return new BadRequestError(message, { [field]: new ValidationError(code, message) });
}

/** A new print: `sold` may record copies sold before it was listed, within the edition. */
function beforeCreate(record) {
  const edition = record.getInt("edition_size");
  const sold = Math.max(0, record.getInt("sold"));
  if (edition > 0 && sold > edition) {
    throw fieldError(
      "sold",
      "sold_above_edition",
      `Copies sold (${sold}) cannot be more than the edition size (${edition}).`,
    );
  }
  record.set("sold", sold);
  record.set("available", Math.max(0, edition - sold));
}

/** An edit: inside the transaction that also writes it, so the counts read here stay true. */
function beforeUpdate(txApp, record) {
  const printStock = require(`${__hooks}/lib/shop/stock.js`);
  const stock = printStock.stockOf(txApp, record.id);
  if (!stock) return;
  record.set("sold", stock.sold);
  const edition = record.getInt("edition_size");
  const taken = stock.sold + stock.held;
  if (edition < taken) {
    const held = stock.held ? ` and ${stock.held} held in open checkouts` : "";
    throw fieldError(
      "edition_size",
      "edition_below_sold",
      `The edition cannot be smaller than ${taken}: ${stock.sold} sold${held}.`,
    );
  }
  record.set("available", Math.max(0, edition - taken));
}

/** Any save: available = edition − sold − open holds. */
function fillAvailable(app, record) {
  const printStock = require(`${__hooks}/lib/shop/stock.js`);
  const stock = record.isNew() ? null : printStock.stockOf(app, record.id);
  const held = stock ? stock.held : 0;
  record.set("available", Math.max(0, record.getInt("edition_size") - record.getInt("sold") - held));
}

module.exports = { beforeCreate, beforeUpdate, fillAvailable };
