// Certificates of authenticity (one per sold print copy) and of course completion: the records
// (verification code, edition number, what is printed) are written in the transaction that
// makes the sale or sees the completion; the PDF is made afterwards by the server renderer
// (renderer/certificates.ts: pdf-lib and qrcode in Node, which also has sharp for the images),
// stored in the record's protected `file` with an UPDATE of that one column, so it can never
// write back anything older. A cron job makes the PDFs still missing (renderer down).
// CommonJS; require inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const { nowIso } = require(`${__hooks}/lib/records/dates.js`);

// Crockford's base32: no I, L, O, U (nothing to misread on paper). 12 characters = 60 bits.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 12;
const TIMEOUT_S = 30;
const DOWN_MS = 10000;
const DOWN_UNTIL = "certificates:down-until";

function newCode() {
  return $security.randomStringWithAlphabet(CODE_LENGTH, ALPHABET);
}

/** A code as typed or scanned (any case, dashes, spaces, O for 0, I/L for 1) → stored form, or "". */
function normalizeCode(input) {
  const s = String(input || "")
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return s.length === CODE_LENGTH && /^[0-9A-HJKMNP-TV-Z]+$/.test(s) ? s : "";
}

/** XXXX-XXXX-XXXX, as printed. */
function formatCode(code) {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

function verifyUrl(code) {
  return `${require(`${__hooks}/lib/site/urls.js`).siteUrl()}/verify/${formatCode(code)}`;
}

// ---- edition numbers ----

/**
 * The `count` lowest edition numbers of a print nobody holds: a copy sold and not returned keeps
 * its number; copies sold before the print was listed (sold without a hold) take the lowest
 * ones. With no returns this is sold + 1, sold + 2, …; a copy that came back gives its number
 * (the same physical print) to the next buyer. Inside the sale's transaction.
 */
function freeNumbers(txApp, printId, sold, count) {
  const taken = {};
  let numbered = 0;
  for (const h of txApp.findRecordsByFilter(
    Collections.StockHolds,
    "print_id = {:p} && status = 'consumed'",
    "",
    0,
    0,
    { p: printId },
  )) {
    const nums = require(`${__hooks}/lib/records/json.js`).jsonArray(h, "edition_numbers");
    for (const n of nums) {
      taken[n] = true;
      numbered++;
    }
  }
  // copies counted in `sold` without a numbered hold (sold before it was listed)
  let unnumbered = Math.max(0, sold - numbered);
  const out = [];
  for (let n = 1; out.length < count; n++) {
    if (taken[n]) continue;
    if (unnumbered > 0) {
      unnumbered--;
      continue;
    }
    out.push(n);
  }
  return out;
}

// ---- records ----

function newRecord(txApp, fields) {
  const rec = new Record(txApp.findCollectionByNameOrId(Collections.Certificates));
  for (const k of Object.keys(fields)) rec.set(k, fields[k]);
  rec.set("code", newCode());
  rec.set("status", "valid");
  txApp.save(rec);
  return rec;
}

/** One certificate per copy of a paid print order (inside its paid transaction). Idempotent. */
function issueForOrder(txApp, orderId, paidAt) {
  const made = [];
  for (const h of txApp.findRecordsByFilter(
    Collections.StockHolds,
    "order_id = {:o} && status = 'consumed'",
    "created",
    0,
    0,
    { o: orderId },
  )) {
    const pid = h.getString("print_id");
    let print = null;
    try {
      print = txApp.findRecordById(Collections.Prints, pid);
    } catch (_) {
      continue;
    }
    const nums = require(`${__hooks}/lib/records/json.js`).jsonArray(h, "edition_numbers");
    for (const n of nums) {
      const existing = txApp.findRecordsByFilter(
        Collections.Certificates,
        "kind = 'print' && order_id = {:o} && print_id = {:p} && edition_number = {:n}",
        "",
        1,
        0,
        { o: orderId, p: pid, n: n },
      );
      if (existing.length) continue;
      made.push(
        newRecord(txApp, {
          kind: "print",
          order_id: orderId,
          print_id: pid,
          edition_number: n,
          edition_size: print.getInt("edition_size"),
          title: print.getString("title"),
          medium: print.getString("medium") || "Giclée print on archival paper",
          size: print.getString("size"),
          issued_at: paidAt || nowIso(),
        }),
      );
    }
  }
  return made;
}

/** Voids every valid certificate of an order (refunded). Inside the refund's transaction. */
function voidForOrder(txApp, orderId, reason) {
  txApp
    .db()
    .newQuery(
      `UPDATE ${Collections.Certificates} SET status = 'void', voided_at = {:at}, void_reason = {:r} WHERE order_id = {:o} AND status = 'valid'`,
    )
    .bind({ at: nowIso(), r: reason, o: orderId })
    .execute();
}

/** Voids a learner's completion certificate of a course (the course was refunded). */
function voidCompletion(txApp, userId, courseId, reason) {
  txApp
    .db()
    .newQuery(
      `UPDATE ${Collections.Certificates} SET status = 'void', voided_at = {:at}, void_reason = {:r} WHERE kind = 'course' AND user_id = {:u} AND course_id = {:c} AND status = 'valid'`,
    )
    .bind({ at: nowIso(), r: reason, u: userId, c: courseId })
    .execute();
}

/** True when the learner has completed every chapter of the course (the dashboard's rule). */
function completedCourse(app, userId, courseId) {
  const total = app.countRecords(Collections.CourseModules, $dbx.hashExp({ course_id: courseId }));
  if (!total) return false;
  const done = app.countRecords(
    Collections.ChapterProgress,
    $dbx.hashExp({ user_id: userId, course_id: courseId, completed: true }),
  );
  return done >= total;
}

/**
 * The completion certificate of an enrolled learner who completed every chapter, made once
 * (a unique index keeps one valid certificate per learner and course). Returns it or null.
 */
function issueCompletion(app, userId, courseId) {
  const enrolled = app.findRecordsByFilter(
    Collections.CourseEnrollments,
    "user_id = {:u} && course_id = {:c}",
    "",
    1,
    0,
    { u: userId, c: courseId },
  );
  if (!enrolled.length || !completedCourse(app, userId, courseId)) return null;
  let made = null;
  try {
    app.runInTransaction((txApp) => {
      const existing = txApp.findRecordsByFilter(
        Collections.Certificates,
        "kind = 'course' && user_id = {:u} && course_id = {:c} && status = 'valid'",
        "",
        1,
        0,
        { u: userId, c: courseId },
      );
      if (existing.length) return;
      const user = txApp.findRecordById(Collections.Users, userId);
      const course = txApp.findRecordById(Collections.Courses, courseId);
      const last = txApp.findRecordsByFilter(
        Collections.ChapterProgress,
        "user_id = {:u} && course_id = {:c} && completed = true",
        "-completed_at",
        1,
        0,
        { u: userId, c: courseId },
      );
      made = newRecord(txApp, {
        kind: "course",
        user_id: userId,
        course_id: courseId,
        holder_name: user.getString("name") || String(user.getString("email")).split("@")[0],
        title: course.getString("title"),
        issued_at: (last.length && last[0].getString("completed_at")) || nowIso(),
      });
    });
  } catch (err) {
    // a concurrent completion made it first (the unique index)
    app.logger().debug("completion certificate not made", "user", userId, "error", String(err));
    return null;
  }
  return made;
}

/** After a chapter progress write: the completion certificate when that was the last chapter. */
function onChapterProgress(app, progress) {
  if (!progress.getBool("completed")) return;
  const userId = progress.getString("user_id");
  const courseId = progress.getString("course_id");
  const existing = app.findRecordsByFilter(
    Collections.Certificates,
    "kind = 'course' && user_id = {:u} && course_id = {:c} && status = 'valid'",
    "",
    1,
    0,
    { u: userId, c: courseId },
  );
  if (existing.length) return;
  const made = issueCompletion(app, userId, courseId);
  if (made) makePdf(app, made.id);
}

// ---- the PDF ----

/** A stored image of `record` copied into the job folder as `name` ("" when there is none or it cannot be read). */
function copyImage(app, record, field, work, job, name) {
  const file = record.getString(field);
  if (!file) return "";
  try {
    return require(`${__hooks}/lib/pages/image-variants.js`).copyIntoWork(app, record, file, work, `${job}/${name}`);
  } catch (err) {
    app.logger().warn("certificate image not readable", "record", record.id, "field", field, "error", String(err));
    return "";
  }
}

function pdfRequest(app, cert, work, job) {
  const settings = require(`${__hooks}/lib/site/settings.js`).siteSettings(app);
  const code = cert.getString("code");
  const kind = cert.getString("kind");
  const req = {
    kind: kind,
    out: `${work}/${job}/certificate`,
    artist: require(`${__hooks}/lib/site/settings.js`).artistName(app),
    title: cert.getString("title"),
    code: formatCode(code),
    verifyUrl: verifyUrl(code),
    date: cert.getString("issued_at").slice(0, 10),
    signature: settings ? copyImage(app, settings, "signature", work, job, "signature") : "",
  };
  if (kind === "print") {
    req.editionNumber = cert.getInt("edition_number");
    req.editionSize = cert.getInt("edition_size");
    req.medium = cert.getString("medium");
    req.size = cert.getString("size");
    try {
      const print = app.findRecordById(Collections.Prints, cert.getString("print_id"));
      req.image = copyImage(
        app,
        print,
        print.getString("main_image") ? "main_image" : "cover_image",
        work,
        job,
        "image",
      );
    } catch (_) {}
  } else {
    req.holder = cert.getString("holder_name");
  }
  return req;
}

/**
 * Makes and stores one certificate's PDF when it has none. Returns true when the file is there.
 * Never throws (the cron job tries again).
 */
function makePdf(app, certId) {
  const base = require(`${__hooks}/lib/pages/ssr.js`).rendererBase();
  if (!base || !$os.getenv("RENDER_SECRET") || Date.now() < (app.store().get(DOWN_UNTIL) || 0)) return false;
  const images = require(`${__hooks}/lib/pages/image-variants.js`);
  const work = images.workDir(app);
  if (!work) return false;
  let cert;
  try {
    cert = app.findRecordById(Collections.Certificates, certId);
  } catch (_) {
    return false;
  }
  if (cert.getString("file")) return true;
  const lock = `certificates:${certId}`;
  const token = $security.randomString(16);
  if (app.store().getOrSet(lock, () => token) !== token) return false;
  const job = $security.randomString(16);
  const fsys = app.newFilesystem();
  let stored = "";
  try {
    images.makeJob(work, job);
    const req = pdfRequest(app, cert, work, job);
    const res = $http.send({
      method: "POST",
      url: `${base}/certificates`,
      body: JSON.stringify(req),
      headers: { "content-type": "application/json", authorization: `Bearer ${$os.getenv("RENDER_SECRET")}` },
      timeout: TIMEOUT_S,
    });
    if (res.statusCode !== 200 || !res.json || res.json.kind !== "certificate") {
      throw new Error(`the renderer answered ${res.statusCode}: ${res.json ? res.json.message : ""}`);
    }
    const file = $filesystem.fileFromPath(req.out);
    file.name = `certificate_${cert.getString("code").toLowerCase()}_${$security.randomStringWithAlphabet(10, "abcdefghijklmnopqrstuvwxyz0123456789")}.pdf`;
    fsys.uploadFile(file, `${cert.baseFilesPath()}/${file.name}`);
    stored = file.name;
    require(`${__hooks}/lib/setup/test-seam.js`).hold("certificate-pdf");
    // only the file column, and only while it is still empty: nothing read before is written back
    let written = false;
    app.runInTransaction((txApp) => {
      const r = txApp
        .db()
        .newQuery(`UPDATE ${Collections.Certificates} SET file = {:f} WHERE id = {:id} AND file = ''`)
        .bind({ f: stored, id: certId })
        .execute();
      written = r.rowsAffected() === 1;
    });
    if (!written) fsys.delete(`${cert.baseFilesPath()}/${stored}`);
    return true;
  } catch (err) {
    if (String(err).indexOf("connection refused") !== -1) app.store().set(DOWN_UNTIL, Date.now() + DOWN_MS);
    app.logger().warn("certificate PDF not made", "certificate", certId, "error", String(err));
    if (stored) {
      try {
        fsys.delete(`${cert.baseFilesPath()}/${stored}`);
      } catch (_) {}
    }
    return false;
  } finally {
    fsys.close();
    $os.removeAll(`${work}/${job}`);
    app.store().remove(lock);
  }
}

/** Makes the missing PDFs of an order's certificates. */
function makeOrderPdfs(app, orderId) {
  for (const c of app.findRecordsByFilter(Collections.Certificates, "order_id = {:o} && file = ''", "", 0, 0, {
    o: orderId,
  })) {
    makePdf(app, c.id);
  }
}

/** Cron: the PDFs still missing, for at most `budgetMs`. Returns how many it made. */
function backfill(app, budgetMs) {
  const until = Date.now() + budgetMs;
  let n = 0;
  for (const c of app.findRecordsByFilter(Collections.Certificates, "file = ''", "created", 50, 0)) {
    if (Date.now() > until) break;
    if (makePdf(app, c.id)) n++;
    if (Date.now() < (app.store().get(DOWN_UNTIL) || 0)) break;
  }
  return n;
}

/** Streams a certificate's PDF (making it first if it is missing). Throws 404/503. */
function servePdf(e, cert) {
  if (!cert.getString("file")) makePdf(e.app, cert.id);
  const fresh = e.app.findRecordById(Collections.Certificates, cert.id);
  const name = fresh.getString("file");
  if (!name) throw new ApiError(503, "The certificate is still being made. Please try again in a minute.");
  const fsys = e.app.newFilesystem();
  try {
    e.response.header().set("Cache-Control", "private, no-store");
    e.response.header().set("X-Robots-Tag", "noindex");
    const label = fresh.getString("kind") === "print" ? "certificate-of-authenticity" : "certificate-of-completion";
    fsys.serve(
      e.response,
      e.request,
      `${fresh.baseFilesPath()}/${name}`,
      `${label}-${formatCode(fresh.getString("code"))}.pdf`,
    );
  } finally {
    fsys.close();
  }
}

module.exports = {
  normalizeCode,
  formatCode,
  verifyUrl,
  freeNumbers,
  issueForOrder,
  voidForOrder,
  voidCompletion,
  issueCompletion,
  onChapterProgress,
  makePdf,
  makeOrderPdfs,
  backfill,
  servePdf,
};
