// create-payment for prints: validates ids and quantities, prices every line from the
// database, holds the copies atomically, records a pending order and opens a Stripe Checkout
// Session. The browser's titles and prices are never used.
//
// A drop's crowd: the stock gate (lib/shop/stock-gate.js) answers "sold out" from memory, so only
// buyers who can still win wait for SQLite's single writer; the hold transaction re-checks
// the database and runs a handful of statements; Stripe is called after it commits.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { fileUrl } = require(`${__hooks}/lib/site/urls.js`);
const { nowIso } = require(`${__hooks}/lib/records/dates.js`);
const { insertRow } = require(`${__hooks}/lib/records/insert.js`);
const { apiError, giveBack, parsePrintItems, parseCurrency, shortageMessage } = require(
  `${__hooks}/lib/shop/checkout-input.js`,
);
const { lineItem, openSession, requireConfigured, validEmail, HOLD_GRACE_SECONDS, SESSION_SECONDS } = require(
  `${__hooks}/lib/shop/checkout.js`,
);
const { abandon, claimTickets, gateSnapshot, heldBy, invalidateGate, remainingOf, stockOf, writeAvailable } = require(
  `${__hooks}/lib/shop/stock.js`,
);
// Required once here rather than in createPrintCheckout: require() resolves its path on every call.
const gate = require(`${__hooks}/lib/shop/stock-gate.js`);
const pricing = require(`${__hooks}/lib/shop/pricing.js`);
const { networkOf } = require(`${__hooks}/lib/http/client-ip.js`);

// Caps against hoarding a limited edition (README "Shop caps"); copies per order: checkout-input.js.
// A hold needs an email (each email holds at most 2 copies of a print); each network (an IPv4
// /24, an IPv6 /64: a new address is cheap, a new network is not) at most 4.
const MAX_HELD_PER_EMAIL = 2;
const MAX_HELD_PER_NETWORK = 4;

function currentRates(app) {
  const rates = {};
  try {
    for (const r of app.findRecordsByFilter(Collections.ExchangeRates, "base = 'EUR'", "", 10, 0)) {
      rates[r.getString("currency").toLowerCase()] = r.getFloat("rate");
    }
  } catch (_) {}
  return pricing.normalizeRates(rates);
}

/**
 * body: {items:[{id, quantity}], currency, customerEmail?}; auth: optional user record;
 * visitor: {ip}; prof: optional timing probe (lib/shop/profile.js); taken: the cart's gate
 * tickets when create-payment's crowd path already took them (checkout-input.js crowdGate),
 * which this function then owns: every way out before the hold gives them back.
 */
function createPrintCheckout(body, auth, visitor, prof, taken) {
  let wanted, currency, email, ip, network;
  try {
    requireConfigured();
    wanted = parsePrintItems(body.items);
    currency = parseCurrency(body.currency);
    email = validEmail(body.customerEmail) || (auth ? auth.getString("email").toLowerCase() : "");
    if (!email) {
      throw apiError(
        400,
        "Please enter your email address: the copies are held for you under it while you pay.",
        "customerEmail",
        "validation_required",
      );
    }
    ip = visitor?.ip || "";
    network = networkOf(ip);
  } catch (err) {
    giveBack(taken);
    throw err;
  }

  // A crowd is answered from memory: at the front (taken), or here.
  const claims = taken || claimTickets(wanted);
  if (prof) prof.mark("gate");
  let settled = false;
  let order = null;
  let refusal = null;
  const lines = [];
  try {
    const rates = currentRates($app);
    for (const w of wanted) {
      let print = null;
      try {
        print = $app.findRecordById(Collections.Prints, w.printId);
      } catch (_) {}
      if (!print?.getBool("is_active"))
        throw apiError(404, "One of the prints in your cart is no longer available.", "items", "not_found");
      const unit = pricing.unitAmount(
        {
          price_cents: print.getInt("price_cents"),
          price_cents_eur: print.getInt("price_cents_eur"),
          price_cents_usd: print.getInt("price_cents_usd"),
        },
        currency,
        rates,
      );
      if (unit <= 0) throw apiError(404, `"${print.getString("title")}" is not for sale.`, "items", "not_found");
      lines.push({
        print: print,
        quantity: w.quantity,
        item: {
          type: "print",
          id: print.id,
          slug: print.getString("slug"),
          title: print.getString("title"),
          quantity: w.quantity,
          unit_amount: unit,
          currency: currency,
        },
      });
    }
    if (prof) prof.mark("prepare");

    // The hold: check the database (the gate only decided who may try), the caps, then
    // write the order and its holds. SQLite's single writer serializes buyers. No HTTP here.
    $app.runInTransaction((txApp) => {
      if (prof) prof.mark("txWait");
      const stocks = lines.map((l) => stockOf(txApp, l.print.id));
      for (let i = 0; i < lines.length && !refusal; i++) {
        const l = lines[i];
        const s = stocks[i];
        if (!s) {
          refusal = apiError(404, "One of the prints in your cart is no longer available.", "items", "not_found");
          break;
        }
        const left = remainingOf(s);
        if (l.quantity > left) {
          refusal = apiError(409, shortageMessage(s.title, left), "items", "sold_out");
        } else if (heldBy(txApp, s.id, "email", email) + l.quantity > MAX_HELD_PER_EMAIL) {
          refusal = apiError(
            429,
            `You already hold ${MAX_HELD_PER_EMAIL} copies of "${s.title}" in an open checkout. Complete or cancel it first.`,
            "items",
            "max_held",
          );
        } else if (network && heldBy(txApp, s.id, "client_network", network, ip) + l.quantity > MAX_HELD_PER_NETWORK) {
          refusal = apiError(
            429,
            `Too many copies of "${s.title}" are held in open checkouts from your network. Complete or cancel one first.`,
            "items",
            "max_held",
          );
        }
      }
      if (prof) prof.mark("txCheck");
      if (!refusal) {
        // written without record saves: no page or hook follows these rows (lib/records/insert.js)
        const orderId = insertRow(txApp, Collections.Orders, {
          kind: "print",
          status: "pending",
          currency: currency,
          email: email,
          client_ip: ip,
          client_network: network,
          user_id: auth ? auth.id : "",
          items: lines.map((l) => l.item),
          amount_total: lines.reduce((s, l) => s + l.item.unit_amount * l.quantity, 0),
        });
        order = { id: orderId };
        for (let i = 0; i < lines.length; i++) {
          insertRow(txApp, Collections.StockHolds, {
            print_id: lines[i].print.id,
            order_id: orderId,
            quantity: lines[i].quantity,
            status: "open",
            expires_at: nowIso(SESSION_SECONDS + HOLD_GRACE_SECONDS),
          });
          stocks[i].held += lines[i].quantity;
          writeAvailable(txApp, stocks[i]);
        }
        if (prof) prof.mark("txWrite");
      }
      // Last statement: the gate learns the exact remaining stock from inside the writer.
      for (let i = 0; i < lines.length; i++) {
        if (stocks[i]) gate.settle($app.store(), lines[i].print.id, lines[i].quantity, gateSnapshot(stocks[i]));
        else gate.giveBack($app.store(), lines[i].print.id, lines[i].quantity);
      }
      settled = true;
    });
    if (prof) prof.mark("txCommit");
  } catch (err) {
    if (settled) {
      // The transaction failed after settling: the entry counts a hold that never committed.
      invalidateGate(claims.map((c) => c.printId));
    } else {
      giveBack(claims);
    }
    throw err;
  }
  if (refusal) throw refusal;

  let lineItems;
  try {
    lineItems = lines.map((l) =>
      lineItem(l.item, fileUrl(l.print, "main_image", "800x0") || fileUrl(l.print, "cover_image", "800x0")),
    );
  } catch (err) {
    abandon(order.id, "failed");
    throw err;
  }
  return openSession(order, lineItems, {
    kind: "print",
    email: email,
    shipping: true,
    metadata: { order_id: order.id, kind: "print" },
    prof: prof,
  });
}

module.exports = { createPrintCheckout };
