/// <reference path="../pb_data/types.d.ts" />
// Print shop and course payments: create-payment, verify-payment, cancel-payment, the Stripe
// webhook, the guard on prints' server-owned counters, and the sweep that returns stock from
// abandoned checkouts. Logic lives in pb_hooks/lib.

// Checkout bodies are a cart of at most ORDER_LIMITS.lines lines (the contract).
const CHECKOUT_BODY_LIMIT = 64 * 1024;
const PRINTS = require(`${__hooks}/lib/contract.gen.js`).Collections.Prints;

routerAdd(
  "POST",
  "/api/atelier/create-payment",
  (e) => {
    // A drop's crowd runs this thousands of times a second, mostly on hook VMs that serve their
    // first request: the sold-out answer loads only what it needs (the headers come from the app
    // store, not security-headers.js), and keeps it on the VM's global object, since require()
    // resolves its path on every call (README, "Print drops").
    // The drop bench's profile (ATELIER_PROFILE=1) also records when the handler was entered and
    // whether this VM serves its first checkout (a crowd that stalls reaches many VMs that never
    // served one); wall-clock ms, as the profile module is not loaded yet and these phases are
    // long. Nothing of it is done otherwise. The environment is read once per VM: it does not
    // change while the server runs, and every Go call costs a crowd.
    let hot = globalThis.__atelierCheckout;
    const firstOnVm = !hot;
    const enteredAt = firstOnVm || hot.profiling ? Date.now() : 0;
    if (firstOnVm) {
      hot = globalThis.__atelierCheckout = {
        profiling: $os.getenv("ATELIER_PROFILE") === "1",
        headers: require(`${__hooks}/lib/http/api-headers.js`),
        input: require(`${__hooks}/lib/shop/checkout-input.js`),
      };
    }
    const profiling = hot.profiling;
    const loadedAt = profiling ? Date.now() : 0;
    hot.headers.set(e);
    const prof = profiling
      ? require(`${__hooks}/lib/shop/profile.js`).start(e.request.header.get("X-Bench-Sent"), {
          firstOnVm,
          enteredAt,
          loadedAt,
        })
      : null;
    try {
      // The raw body, parsed once: cheaper than e.requestInfo() for a crowd of small JSON bodies.
      let body = null;
      try {
        body = JSON.parse(toString(e.request.body) || "{}");
      } catch (_) {}
      if (!body || typeof body !== "object" || Array.isArray(body))
        throw new BadRequestError("The request body must be a JSON object.");
      if (prof) prof.mark("parse");
      // A drop's crowd: answered here, or its tickets taken here, before the checkout's modules
      // load or the database is touched. A sold-out answer does not look at the email.
      const front = body.courseSlug == null ? hot.input.crowdGate(body) : null;
      if (front?.refusal) {
        // A drop's "sold out" is an expected answer, not a failure of the server: it is sent as
        // PocketBase sends an error, but not written to the request log (a 2,000-buyer drop wrote
        // 1,950 error lines, ~55 µs of CPU each; README "Print drops"). PocketBase 0.39's flag
        // for "skip this request's success log" (apis.SkipSuccessActivityLog).
        e.set("__skipSuccessActivityLogger", true);
        if (prof) prof.finish(front.refusal.status);
        return e.json(front.refusal.status, front.refusal);
      }
      if (!front) hot.input.checkEmail(body.customerEmail);
      const claims = front ? front.claims : null;
      if (prof) prof.mark("front");
      let result;
      let handed = false;
      try {
        // kept on the VM like the crowd's modules: require() resolves its path on every call
        if (!hot.full) {
          hot.full = {
            users: require(`${__hooks}/lib/contract.gen.js`).Collections.Users,
            clientIp: require(`${__hooks}/lib/http/client-ip.js`).clientIp,
            prints: require(`${__hooks}/lib/shop/print-checkout.js`),
          };
        }
        const auth = e.auth && e.auth.collection().name === hot.full.users ? e.auth : null;
        if (body.courseSlug != null) {
          result = require(`${__hooks}/lib/shop/course-checkout.js`).createCourseCheckout(body, auth);
        } else {
          const visitor = { ip: hot.full.clientIp(e) };
          handed = true;
          result = hot.full.prints.createPrintCheckout(body, auth, visitor, prof, claims);
        }
      } catch (err) {
        // tickets the checkout never received go back to the gate
        if (!handed) hot.input.giveBack(claims);
        throw err;
      }
      if (prof) prof.finish(200);
      return e.json(200, result);
    } catch (err) {
      if (prof) prof.finish(err?.value?.status || err?.status || 500);
      throw err;
    }
  },
  $apis.bodyLimit(CHECKOUT_BODY_LIMIT),
);

routerAdd(
  "POST",
  "/api/atelier/verify-payment",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
    const body = e.requestInfo().body || {};
    const sessionId = typeof body.sessionId === "string" ? body.sessionId : "";
    if (!require(`${__hooks}/lib/shop/order-view.js`).isSessionId(sessionId))
      throw new NotFoundError("No order was found for this payment.");
    const rows = $app.findRecordsByFilter(Collections.Orders, "stripe_session_id = {:s}", "", 1, 0, { s: sessionId });
    if (!rows.length) throw new NotFoundError("No order was found for this payment.");
    let order = rows[0];
    const stripe = require(`${__hooks}/lib/shop/stripe.js`);
    const fulfil = require(`${__hooks}/lib/shop/fulfil.js`);
    if (order.getString("status") === "pending" && stripe.configured()) {
      try {
        const session = stripe.retrieveCheckoutSession(sessionId);
        if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
          order = fulfil.fulfil(sessionId, session) || order;
        } else if (session.status === "expired") {
          fulfil.release(order.id, "expired");
          order = $app.findRecordById(Collections.Orders, order.id);
        }
      } catch (err) {
        // The webhook still fulfils; answer with what we know.
        $app
          .logger()
          .warn("verify-payment could not reach Stripe", "session", sessionId, "error", String(err?.message));
      }
    }
    return e.json(200, require(`${__hooks}/lib/shop/order-view.js`).verified(order));
  },
  $apis.bodyLimit(CHECKOUT_BODY_LIMIT),
);

// /payment-canceled calls this with the session id from its URL: the Stripe session is
// closed and the copies go back at once (the hold's own expiry stays as the safety net).
routerAdd(
  "POST",
  "/api/atelier/cancel-payment",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
    const body = e.requestInfo().body || {};
    const sessionId = typeof body.sessionId === "string" ? body.sessionId : "";
    if (!require(`${__hooks}/lib/shop/order-view.js`).isSessionId(sessionId))
      throw new NotFoundError("No checkout was found for this payment.");
    const rows = $app.findRecordsByFilter(Collections.Orders, "stripe_session_id = {:s}", "", 1, 0, { s: sessionId });
    if (!rows.length) throw new NotFoundError("No checkout was found for this payment.");
    const order = require(`${__hooks}/lib/shop/cancel.js`).cancel(rows[0]);
    return e.json(200, require(`${__hooks}/lib/shop/order-view.js`).verified(order));
  },
  $apis.bodyLimit(CHECKOUT_BODY_LIMIT),
);

// Stripe's events are a few kB; the body is bounded (1 MB: a declared length over it is refused
// before reading, a chunked body once it passes it) and nothing is read before the request
// carries a signature to check.
routerAdd(
  "POST",
  "/api/stripe/webhook",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
    const stripe = require(`${__hooks}/lib/shop/stripe.js`);
    const header = e.request.header.get("Stripe-Signature");
    const secret = $os.getenv("STRIPE_WEBHOOK_SECRET");
    // Until the body is read whole, an answer closes the connection (lib/http/unread-body.js).
    const unread = require(`${__hooks}/lib/http/unread-body.js`);
    unread.closeUnread(e);
    const WEBHOOK_BODY_LIMIT = 1024 * 1024;
    const tooLarge = () => new ApiError(413, "The request body is too large.", {});
    if (e.request.contentLength > WEBHOOK_BODY_LIMIT) throw tooLarge();
    const early = stripe.verifySignature("", header, secret, 0, true);
    if (early) throw new BadRequestError(`Invalid Stripe signature: ${early}`);
    let raw;
    try {
      raw = toString(e.request.body, WEBHOOK_BODY_LIMIT + 1);
    } catch (_) {
      throw new BadRequestError("The request body could not be read.");
    }
    // a chunked body (no Content-Length) that goes past the limit
    if (raw.length > WEBHOOK_BODY_LIMIT) throw tooLarge();
    unread.bodyRead(e);
    const problem = stripe.verifySignature(raw, header, secret);
    if (problem) throw new BadRequestError(`Invalid Stripe signature: ${problem}`);
    let event;
    try {
      event = JSON.parse(raw);
    } catch (_) {
      throw new BadRequestError("Invalid JSON payload.");
    }
    if (!event || typeof event.id !== "string" || !event.type) throw new BadRequestError("Not a Stripe event.");
    if ($app.findRecordsByFilter(Collections.StripeEvents, "event_id = {:id}", "", 1, 0, { id: event.id }).length) {
      return e.json(200, { received: true, duplicate: true });
    }
    const fulfil = require(`${__hooks}/lib/shop/fulfil.js`);
    const session = event.data?.object ? event.data.object : {};
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        // completed with payment_status "unpaid" (delayed methods) waits for async_payment_*
        if (session.id) fulfil.fulfil(session.id, session);
        break;
      case "checkout.session.async_payment_failed":
        if (session.id) fulfil.releaseSession(session, "failed");
        break;
      case "checkout.session.expired":
        if (session.id) fulfil.releaseSession(session, "expired");
        break;
      // after the sale (lib/shop/refunds.js): idempotent, in any order
      case "charge.refunded":
        require(`${__hooks}/lib/shop/refunds.js`).onChargeRefunded(session);
        break;
      case "charge.dispute.created":
        require(`${__hooks}/lib/shop/refunds.js`).onDisputeCreated(session);
        break;
      case "charge.dispute.closed":
        require(`${__hooks}/lib/shop/refunds.js`).onDisputeClosed(session);
        break;
      default:
        break;
    }
    try {
      const rec = new Record($app.findCollectionByNameOrId(Collections.StripeEvents));
      rec.set("event_id", event.id);
      rec.set("type", event.type);
      rec.set("session_id", session.id || "");
      rec.set("processed_at", require(`${__hooks}/lib/records/dates.js`).nowIso());
      $app.save(rec);
    } catch (_) {
      // a concurrent delivery of the same event recorded it first: fulfilment is idempotent
    }
    return e.json(200, { received: true });
  },
  // No limit from PocketBase (0 replaces its default): its refusal would keep the connection
  // with the body unread; the handler checks the size itself.
  $apis.bodyLimit(0),
);

// prints.sold and prints.available belong to the server. A save through the records API or
// the admin UI (which sends back every field it loaded, however old) keeps the sold count
// of the database, read inside the writer so no sale can land between the read and the
// write, and is refused when the edition would drop below the copies sold and held.
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/shop/print-guard.js`).beforeCreate(e.record);
  e.next();
}, PRINTS);
onRecordUpdateRequest((e) => {
  e.app.runInTransaction((txApp) => {
    require(`${__hooks}/lib/shop/print-guard.js`).beforeUpdate(txApp, e.record);
    e.app = txApp;
    e.next();
  });
}, PRINTS);
// Any other save (seed, migrations) still gets a true `available`.
onRecordCreate((e) => {
  require(`${__hooks}/lib/shop/print-guard.js`).fillAvailable(e.app, e.record);
  e.next();
}, PRINTS);
onRecordUpdate((e) => {
  require(`${__hooks}/lib/shop/print-guard.js`).fillAvailable(e.app, e.record);
  e.next();
}, PRINTS);
// Edition size, activity or title changed: the stock gate reloads from the database.
// The live count follows (print_stock, written in a short transaction of its own).
onRecordAfterCreateSuccess((e) => {
  require(`${__hooks}/lib/shop/stock.js`).reloadGate(e.record.id);
  $app.runInTransaction((txApp) => {
    require(`${__hooks}/lib/shop/stock.js`).refreshAvailable(txApp, e.record.id);
  });
  e.next();
}, PRINTS);
onRecordAfterUpdateSuccess((e) => {
  require(`${__hooks}/lib/shop/stock.js`).reloadGate(e.record.id);
  $app.runInTransaction((txApp) => {
    require(`${__hooks}/lib/shop/stock.js`).refreshAvailable(txApp, e.record.id);
  });
  e.next();
}, PRINTS);
onRecordAfterDeleteSuccess((e) => {
  require(`${__hooks}/lib/shop/stock.js`).invalidateGate([e.record.id]);
  require(`${__hooks}/lib/shop/live-stock.js`).remove($app, e.record.id);
  e.next();
}, PRINTS);

// The live count: a save of print_stock ended (after the realtime message went out, which
// e.next() does), or its transaction rolled back: the newest count, if it changed meanwhile, is
// sent now (lib/shop/live-stock.js).
const liveCountSent = (e) => {
  e.next();
  require(`${__hooks}/lib/shop/live-stock.js`).released(e.record.id);
};
const PRINT_STOCK = require(`${__hooks}/lib/contract.gen.js`).Collections.PrintStock;
onRecordAfterCreateSuccess(liveCountSent, PRINT_STOCK);
onRecordAfterUpdateSuccess(liveCountSent, PRINT_STOCK);
onRecordAfterCreateError(liveCountSent, PRINT_STOCK);
onRecordAfterUpdateError(liveCountSent, PRINT_STOCK);

// Abandoned checkouts give their stock back (Stripe's expired event does too; this
// covers missed webhooks). And a live count whose sender never finished is sent.
cronAdd("atelier_release_holds", "* * * * *", () => {
  const n = require(`${__hooks}/lib/shop/fulfil.js`).sweepExpiredHolds();
  if (n) $app.logger().info("released expired stock holds", "count", n);
  require(`${__hooks}/lib/shop/live-stock.js`).sendStuck();
});

// The drop bench's `--bounds` (tests/bench/drop-bounds.mjs): a route that answers at once as a
// sold-out checkout is shaped, requiring nothing, to show what PocketBase's JS route itself
// costs a crowd; absent unless the server runs with ATELIER_BENCH=1.
if ($os.getenv("ATELIER_BENCH") === "1") {
  routerAdd("POST", "/api/atelier/bench-noop", (e) =>
    e.json(409, { status: 409, message: "Sold out.", data: { items: { code: "sold_out", message: "Sold out." } } }),
  );
}

// Timing probes for the drop bench (tests/bench/drop.mjs --profile); absent in production.
if ($os.getenv("ATELIER_PROFILE") === "1") {
  routerAdd(
    "GET",
    "/api/atelier/profile",
    (e) => e.json(200, require(`${__hooks}/lib/shop/profile.js`).take()),
    $apis.requireSuperuserAuth(),
  );
}
