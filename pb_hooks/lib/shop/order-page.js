// What the buyer's order page shows (GET /api/atelier/order/{token}): the order as the buyer
// may see it (no client IP, no Stripe ids, no access secret), with its certificates and their
// download links under the same token. CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { jsonArray, jsonField } = require(`${__hooks}/lib/records/json.js`);

/** The shipping address Stripe collected, as lines. */
function addressLines(shipping) {
  if (!shipping || typeof shipping !== "object") return [];
  const a = shipping.address || {};
  const cityLine = [a.postal_code, a.city].filter(Boolean).join(" ");
  return [shipping.name, a.line1, a.line2, cityLine, a.state, a.country].filter((x) => typeof x === "string" && x);
}

function date(record, name) {
  const v = record.getString(name);
  return v ? v.replace(" ", "T") : null;
}

/** The buyer's view of an order. `token` is the one the page was opened with. */
function view(app, order, token) {
  const certs = require(`${__hooks}/lib/shop/certificates.js`);
  const certificates = app
    .findRecordsByFilter(Collections.Certificates, "order_id = {:o}", "print_id,edition_number", 0, 0, {
      o: order.id,
    })
    .map((c) => ({
      code: certs.formatCode(c.getString("code")),
      title: c.getString("title"),
      edition_number: c.getInt("edition_number"),
      edition_size: c.getInt("edition_size"),
      status: c.getString("status"),
      ready: !!c.getString("file"),
      url: `/api/atelier/order/${token}/certificates/${c.getString("code")}`,
      verify_url: certs.verifyUrl(c.getString("code")),
    }));
  const items = jsonArray(order, "items").map((it) => ({
    type: it.type,
    title: it.title,
    slug: it.slug,
    quantity: it.quantity,
    unit_amount: it.unit_amount,
    edition_numbers: it.edition_numbers || [],
  }));
  return {
    reference: order.id.slice(0, 8),
    kind: order.getString("kind"),
    status: order.getString("status"),
    created: date(order, "created"),
    paid_at: date(order, "paid_at"),
    shipped_at: date(order, "shipped_at"),
    delivered_at: date(order, "delivered_at"),
    refunded_at: date(order, "refunded_at"),
    currency: order.getString("currency"),
    amount_total: order.getInt("amount_total"),
    amount_refunded: order.getInt("amount_refunded"),
    email: order.getString("email"),
    shipping_address: addressLines(jsonField(order, "shipping")),
    carrier: order.getString("carrier"),
    tracking_number: order.getString("tracking_number"),
    tracking_url: order.getString("tracking_url"),
    items: items,
    certificates: certificates,
    // a dispute the buyer's bank decided for them: what it changed, in the words of their mail
    bank_reversal: require(`${__hooks}/lib/shop/dispute-words.js`).bankReversal(
      order,
      require(`${__hooks}/lib/shop/fulfil.js`).money,
    ),
  };
}

module.exports = { view };
