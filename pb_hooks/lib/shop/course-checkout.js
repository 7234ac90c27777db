// create-payment for the course: a signed-in learner, one open checkout per learner and
// course (a second "Continue Course" gets the first), the price from the database.
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { fileUrl } = require(`${__hooks}/lib/site/urls.js`);
const { parseDate } = require(`${__hooks}/lib/records/dates.js`);
const { jsonArray } = require(`${__hooks}/lib/records/json.js`);
const { apiError } = require(`${__hooks}/lib/shop/checkout-input.js`);
const { lineItem, openSession, requireConfigured, stripeFailure, validEmail } = require(
  `${__hooks}/lib/shop/checkout.js`,
);
const { abandon } = require(`${__hooks}/lib/shop/stock.js`);

// A course order still without a session after this long never reached Stripe.
const OPENING_SECONDS = 60;

/**
 * An open course checkout of this learner for this course, reused instead of a second
 * charge. Returns {url, sessionId, orderId} while Stripe says the session is open; ends the
 * order when the session expired; fulfils it when it was paid meanwhile.
 */
function reuseCourseCheckout(order) {
  const stripe = require(`${__hooks}/lib/shop/stripe.js`);
  const sessionId = order.getString("stripe_session_id");
  if (!sessionId) return null;
  let session;
  try {
    session = stripe.retrieveCheckoutSession(sessionId);
  } catch (err) {
    throw stripeFailure(err);
  }
  if (session.status === "open" && session.url)
    return { url: session.url, sessionId: session.id, orderId: order.id, reused: true };
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    require(`${__hooks}/lib/shop/fulfil.js`).fulfil(sessionId, session);
    throw apiError(409, "You are already enrolled in this course.");
  }
  if (session.status === "complete") {
    // A delayed payment is on its way: paying again would charge twice.
    throw apiError(409, "Your payment for this course is being processed. You will get an email when it is confirmed.");
  }
  abandon(order.id, "expired");
  return null;
}

/** body: {courseSlug, customerEmail?}; auth: the signed-in user (required). */
function createCourseCheckout(body, auth) {
  if (auth?.collection().name !== Collections.Users) throw apiError(401, "Please sign in to enroll.");
  requireConfigured();
  const slug = typeof body.courseSlug === "string" ? body.courseSlug : "";
  let course = null;
  try {
    course = $app.findFirstRecordByFilter(Collections.Courses, "slug = {:s} && is_published = true", { s: slug });
  } catch (_) {}
  if (!course) throw apiError(404, "The requested course could not be found.");
  const enrolled = () =>
    $app.findRecordsByFilter(Collections.CourseEnrollments, "user_id = {:u} && course_id = {:c}", "", 1, 0, {
      u: auth.id,
      c: course.id,
    }).length > 0;
  if (enrolled()) throw apiError(409, "You are already enrolled in this course.");
  const currency = (course.getString("currency") || "usd").toLowerCase();
  const unit = course.getInt("price_cents");
  if (unit <= 0) throw apiError(400, "This course has no price set.");
  const item = {
    type: "course",
    id: course.id,
    slug: course.getString("slug"),
    title: course.getString("title"),
    quantity: 1,
    unit_amount: unit,
    currency: currency,
  };
  const email = auth.getString("email") || validEmail(body.customerEmail);

  // One open checkout per learner and course: a second "Continue Course" gets the first.
  for (let attempt = 0; attempt < 2; attempt++) {
    let open = null;
    let order = null;
    $app.runInTransaction((txApp) => {
      const found = txApp.findRecordsByFilter(
        Collections.Orders,
        "kind = 'course' && status = 'pending' && user_id = {:u}",
        "-created",
        10,
        0,
        { u: auth.id },
      );
      open = found.find((o) => jsonArray(o, "items")[0]?.id === course.id) || null;
      if (open) return;
      order = new Record(txApp.findCollectionByNameOrId(Collections.Orders));
      order.set("kind", "course");
      order.set("status", "pending");
      order.set("currency", currency);
      order.set("email", email);
      order.set("user_id", auth.id);
      order.set("items", [item]);
      order.set("amount_total", unit);
      txApp.save(order);
    });
    if (order) {
      return openSession(order, [lineItem(item, fileUrl(course, "cover_image", "800x0"))], {
        kind: "course",
        email: email,
        shipping: false,
        metadata: { order_id: order.id, kind: "course", user_id: auth.id, course_id: course.id },
      });
    }
    if (!open.getString("stripe_session_id")) {
      // Another request is opening it right now, unless it never got that far.
      if (Date.now() - parseDate(open.getString("created")) < OPENING_SECONDS * 1000) {
        throw apiError(409, "Your checkout is being opened in another tab. Please wait a moment and try again.");
      }
      abandon(open.id, "failed");
      continue;
    }
    const reused = reuseCourseCheckout(open);
    if (reused) return reused;
    if (enrolled()) throw apiError(409, "You are already enrolled in this course.");
  }
  throw apiError(409, "Your checkout is being opened in another tab. Please wait a moment and try again.");
}

module.exports = { createCourseCheckout };
