// create-payment's input checks and the crowd's fast answer. Kept small and requiring only
// the stock gate: in a drop, most requests need nothing else, and every hook VM that serves one
// for the first time has to load each module it requires. It is required once, at load:
// require() resolves its path on every call.
// CommonJS; require inside handlers.

const gate = require(`${__hooks}/lib/shop/stock-gate.js`);

// The contract's values these checks use (order limits, currencies, the email rule), taken from
// contract.gen.js once per process and kept in the app store. Loading contract.gen.js freezes
// every object it exports, about 0.4 ms of CPU on each hook VM that loads it, which doubled what
// a sold-out answer costs on a VM serving its first request: a drop's crowd meets thousands of
// those (README, "Print drops").
const RULES_KEY = "atelier:checkout-rules";

// The app store, one for the process: each `$app.store()` is a Go call that wraps the store anew.
const STORE = $app.store();

function checkoutRules() {
  const raw = STORE.getOrSet(RULES_KEY, () => {
    const { EMAIL_PATTERN, Enums, FORM_LIMITS, ORDER_LIMITS } = require(`${__hooks}/lib/contract.gen.js`);
    return JSON.stringify({
      emailSource: EMAIL_PATTERN.source,
      emailFlags: EMAIL_PATTERN.flags,
      emailMax: FORM_LIMITS.email,
      lines: ORDER_LIMITS.lines,
      copiesPerPrint: ORDER_LIMITS.copiesPerPrint,
      currencies: Enums.orders.currency,
    });
  });
  return JSON.parse(raw);
}

const RULES = checkoutRules();
// Made on first use: the first regular expression a hook VM meets builds its whole RegExp
// machinery (~45 µs), and a drop's crowd is answered "sold out" without one.
let email = null;
function emailPattern() {
  if (!email) email = new RegExp(RULES.emailSource, RULES.emailFlags);
  return email;
}

/** A record id as PocketBase makes them: 1-32 of a-z, 0-9 (a loop, for the reason above). */
function validId(id) {
  if (id.length < 1 || id.length > 32) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return false;
  }
  return true;
}
const MAX_LINES = RULES.lines;
// Caps against hoarding a limited edition (README "Shop caps"): copies of one print per order.
const MAX_COPIES_PER_ORDER = RULES.copiesPerPrint;
const CURRENCIES = RULES.currencies;

function apiError(status, message, field, code) {
  return new ApiError(
    status,
    message,
    field ? { [field]: new ValidationError(code || "validation_invalid_value", message) } : {},
  );
}

/** Parses the print cart body into [{printId, quantity}] (ids merged), or throws 400. */
function parsePrintItems(items) {
  if (!Array.isArray(items) || items.length === 0)
    throw apiError(400, "Add some prints to your cart first.", "items", "validation_required");
  if (items.length > MAX_LINES) throw apiError(400, `At most ${MAX_LINES} different prints per order.`, "items");
  const merged = {};
  const order = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    let id = item && typeof item.id === "string" ? item.id : "";
    if (id.indexOf("print-") === 0) id = id.slice(6);
    // a line without a quantity is one copy; a quantity that is sent must be a number
    const q = item && item.quantity === undefined ? 1 : item && typeof item.quantity === "number" ? item.quantity : NaN;
    if (!validId(id)) throw apiError(400, "Unknown print in the cart.", "items", "validation_invalid_id");
    if (!Number.isFinite(q) || Math.floor(q) !== q || q < 1) {
      throw apiError(400, "Quantity must be a whole number of at least 1.", "items", "validation_invalid_quantity");
    }
    if (!merged[id]) {
      merged[id] = 0;
      order.push(id);
    }
    merged[id] += q;
    if (merged[id] > MAX_COPIES_PER_ORDER) {
      throw apiError(
        400,
        `At most ${MAX_COPIES_PER_ORDER} copies of each print per order: the editions are limited.`,
        "items",
        "validation_max_copies",
      );
    }
  }
  return order.map((id) => ({ printId: id, quantity: merged[id] }));
}

/** A customerEmail that is sent must be an address (null or "" means none). */
function checkEmail(v) {
  if (v === null || v === undefined || v === "") return;
  const ok = typeof v === "string" && v.length <= RULES.emailMax && emailPattern().test(v);
  if (!ok) throw apiError(400, "Please enter a valid email address.", "customerEmail", "validation_invalid_email");
}

function parseCurrency(c) {
  const cur = typeof c === "string" ? c.toLowerCase() : "";
  if (CURRENCIES.indexOf(cur) < 0) throw apiError(400, "Currency must be EUR, SEK or USD.", "currency");
  return cur;
}

function shortageMessage(title, left) {
  return left <= 0 ? `"${title}" is sold out.` : `Only ${left} left of "${title}".`;
}

/** Returns tickets taken by crowdGate() to the gate (the checkout did not go ahead). */
function giveBack(claims) {
  for (const c of claims || []) gate.giveBack(STORE, c.printId, c.quantity);
}

// The process's environment does not change while it runs: read once per VM.
const PAYMENTS = !!$os.getenv("STRIPE_SECRET_KEY");

// This VM's sold-out answers by message: the crowd gets the same few thousands of times. Each is
// the body PocketBase writes for apiError(409, …) (its error shape, keys as Go sorts them), as a
// plain object: an ApiError and a ValidationError are Go objects built through reflection, and
// a hook VM serving its first request also builds goja's description of both Go types (a drop's
// crowd meets hundreds of such VMs; docs/performance.md). Nothing changes them once made.
let refusals = {};
let refusalCount = 0;
function soldOut(title, left) {
  const message = shortageMessage(title, left);
  let r = refusals[message];
  if (!r) {
    if (refusalCount >= 64) {
      refusals = {};
      refusalCount = 0;
    }
    r = { data: { items: { code: "sold_out", message: message } }, message: message, status: 409 };
    refusals[message] = r;
    refusalCount++;
  }
  return r;
}

/**
 * A drop's crowd, before the checkout's modules load: a print cart the gate knows cannot be
 * served gets its 409 (as the full checkout would give it), and otherwise the buyer takes the
 * cart's tickets here. Taken at the front, the edition's tickets are gone after its first few
 * requests, and the rest of the crowd is answered from the gate; taken after the checkout's
 * modules had loaded (milliseconds on a hook VM's first request), every buyer who arrived in
 * the meantime went down the long path too and queued on the store's lock (README, "Print drops").
 * Returns {refusal}, {claims} (the caller owns them: createPrintCheckout, or giveBack), or null
 * when the full checkout decides: no Stripe key, no email in the body (a signed-in buyer's
 * account address), an entry that is stale or for a print not on sale. Bad input throws 400.
 */
function crowdGate(body) {
  const wanted = parsePrintItems(body.items);
  parseCurrency(body.currency);
  if (!PAYMENTS) return null;
  const store = STORE;
  const now = Date.now();
  // reads first: most of a crowd is answered without the store's write lock
  for (let i = 0; i < wanted.length; i++) {
    const short = gate.shortState(gate.peek(store, wanted[i].printId), wanted[i].quantity, now);
    if (short) return { refusal: soldOut(short.title, short.left) };
  }
  if (typeof body.customerEmail !== "string" || body.customerEmail === "") return null;
  checkEmail(body.customerEmail);
  // no reload here: a stale or inactive entry is the full checkout's to decide
  const r = gate.claimCart(store, wanted, () => now, null);
  if (r.claims) return { claims: r.claims };
  if (r.result === "short") return { refusal: soldOut(r.title, r.left) };
  return null;
}

module.exports = { apiError, parsePrintItems, parseCurrency, checkEmail, shortageMessage, crowdGate, giveBack };
