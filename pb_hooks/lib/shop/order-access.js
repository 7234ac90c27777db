// The buyer's private order page: /order/<token>, where token = <order id>-<signature>, the
// signature an HMAC-SHA256 of the order id keyed with the order's own hidden secret (made the
// first time a link is needed). 128 bits of signature: unguessable; clearing the secret in the
// admin UI revokes every link to that order. No account needed. CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

const SIG_LENGTH = 32;
const TOKEN_RE = /^([a-z0-9]{15})-([0-9a-f]{32})$/;

function sign(orderId, secret) {
  return $security.hs256(`order:${orderId}`, secret).slice(0, SIG_LENGTH);
}

/** The order's secret, made (one UPDATE of that column, only while empty) when it has none. */
function secretOf(app, orderId) {
  const current = app.findRecordById(Collections.Orders, orderId).getString("access_secret");
  if (current) return current;
  const fresh = $security.randomString(40);
  app.runInTransaction((txApp) => {
    txApp
      .db()
      .newQuery(`UPDATE ${Collections.Orders} SET access_secret = {:s} WHERE id = {:id} AND access_secret = ''`)
      .bind({ s: fresh, id: orderId })
      .execute();
  });
  // a concurrent caller may have set its own first: use what is stored
  return app.findRecordById(Collections.Orders, orderId).getString("access_secret");
}

function tokenFor(app, orderId) {
  return `${orderId}-${sign(orderId, secretOf(app, orderId))}`;
}

function pageUrl(app, orderId) {
  return `${require(`${__hooks}/lib/site/urls.js`).siteUrl()}/order/${tokenFor(app, orderId)}`;
}

/** The order a token opens, or null (bad form, unknown order, wrong or revoked signature). */
function orderFor(app, token) {
  const m = TOKEN_RE.exec(String(token || ""));
  if (!m) return null;
  let order;
  try {
    order = app.findRecordById(Collections.Orders, m[1]);
  } catch (_) {
    return null;
  }
  const secret = order.getString("access_secret");
  if (!secret) return null;
  return $security.equal(sign(order.id, secret), m[2]) ? order : null;
}

module.exports = { tokenFor, pageUrl, orderFor };
