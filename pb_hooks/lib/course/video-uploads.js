// Resumable chapter-video uploads: the tus 1.0.0 protocol (core, creation, checksum with
// sha256, termination) for admins, so a video of up to 4 GB arrives in small requests that
// each finish far inside PocketBase's 5-minute read timeout, and a cut connection or a
// closed tab resumes from the last stored chunk.
//
// On disk, under <pb_data>/video_uploads (left out of backups): <id>.bin holds the bytes
// received so far (its size is the upload offset) and <id>.json the upload's state.
// A complete upload is verified and attached to the chapter outside the upload requests:
// by the PWA's status polls (finalise, a few seconds of work per call) and by a cron job
// for uploads whose browser went away. Attaching stores the file first, then saves only the
// chapter's video and duration through the record hooks (so the replaced video is archived
// as with any other upload) in a short transaction on a fresh read of the chapter.
// CommonJS; required inside handlers.

const { Collections, VIDEO_UPLOAD } = require(`${__hooks}/lib/contract.gen.js`);
const { isAdminOrSuperuser } = require(`${__hooks}/lib/course/admin-videos.js`);
const unread = require(`${__hooks}/lib/http/unread-body.js`);

const TUS_VERSION = "1.0.0";
const ID_RE = /^[a-z0-9]{20}$/;
const SHA256_HEX_RE = /^[0-9a-f]{64}$/;
const O_RDONLY = 0x0;
const O_WRONLY = 0x1;
const O_CREATE = 0x40;
const O_EXCL = 0x80;
const O_APPEND = 0x400;
/** Uploads untouched for this long are removed (partial or finished). */
const STALE_MS = 24 * 60 * 60 * 1000;
/** How long one status poll may spend verifying before it answers. */
const POLL_WORK_MS = 5000;
/** Attempts at storing a verified file before the upload is reported as failed. */
const MAX_ATTACH_ATTEMPTS = 3;

function uploadsDir(app) {
  return `${app.dataDir()}/video_uploads`;
}

function binPath(app, id) {
  return `${uploadsDir(app)}/${id}.bin`;
}

function statePath(app, id) {
  return `${uploadsDir(app)}/${id}.json`;
}

function readState(app, id) {
  if (!ID_RE.test(id || "")) return null;
  try {
    return JSON.parse(toString($os.readFile(statePath(app, id))));
  } catch (_) {
    return null;
  }
}

/** Written to a temp file and renamed, so a crash never leaves half a state file. */
function writeState(app, st) {
  st.updated = new Date().toISOString();
  const tmp = `${statePath(app, st.id)}.tmp`;
  $os.writeFile(tmp, JSON.stringify(st), 0o600);
  $os.rename(tmp, statePath(app, st.id));
}

function fileSize(path) {
  try {
    return $os.stat(path).size();
  } catch (_) {
    return -1;
  }
}

function removeQuietly(path) {
  try {
    $os.removeAll(path);
  } catch (_) {}
}

function removeFiles(app, id) {
  removeQuietly(binPath(app, id));
  removeQuietly(`${uploadsDir(app)}/${id}`);
  removeQuietly(statePath(app, id));
}

/**
 * Runs fn while holding this upload's lock, or returns `busy` when another request or the
 * cron job holds it: a resumed browser may race its own stalled request, and a poll may
 * race the cron job.
 */
function withLock(app, id, busy, fn) {
  const key = `video-upload:${id}`;
  const token = $security.randomString(16);
  if (app.store().getOrSet(key, () => token) !== token) return busy();
  try {
    return fn();
  } finally {
    app.store().remove(key);
  }
}

function videoField(app) {
  return app.findCollectionByNameOrId(Collections.CourseModules).fields.getByName("video");
}

/** "key base64,key2 base64" → {key: "value", key2: "value2"} */
function parseMetadata(raw) {
  const out = {};
  const pairs = String(raw || "").split(",");
  for (let i = 0; i < pairs.length; i++) {
    const parts = pairs[i].trim().split(" ");
    if (!parts[0]) continue;
    out[parts[0]] = parts.length > 1 ? Buffer.from(parts[1], "base64").toString() : "";
  }
  return out;
}

/** A file name that is safe on disk and keeps its extension (PocketBase adds a suffix). */
function safeFileName(name) {
  const cleaned = String(name || "")
    .split(/[\\/]/)
    .pop()
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "");
  return cleaned.slice(-120) || "video";
}

function tusHeaders(e) {
  const h = e.response.header();
  h.set("Tus-Resumable", TUS_VERSION);
  h.set("Cache-Control", "no-store");
  return h;
}

function fail(e, status, message) {
  return e.json(status, { status: status, message: message, data: {} });
}

/**
 * Common checks of every tus request but OPTIONS: answers the refusal and returns true, or
 * returns false. (e.json returns nothing a caller could test, so the answer cannot be the
 * return value: the handler would go on and create an upload after answering 403.)
 */
function refuse(e) {
  tusHeaders(e);
  if (!isAdminOrSuperuser(e)) {
    fail(e, 403, "Only admins can upload chapter videos.");
    return true;
  }
  if (e.request.header.get("Tus-Resumable") !== TUS_VERSION) {
    e.response.header().set("Tus-Version", TUS_VERSION);
    fail(e, 412, `Tus-Resumable ${TUS_VERSION} is required.`);
    return true;
  }
  return false;
}

/** The upload named in the path, if it exists and belongs to the caller (superusers see all). */
function ownUpload(e) {
  const st = readState(e.app, e.request.pathValue("id"));
  if (!st) return null;
  if (st.owner !== e.auth.id && !e.auth.isSuperuser()) return null;
  return st;
}

/**
 * POST: creates an upload for one chapter. Metadata: chapter (record id), filename,
 * filetype (one of the video field's MIME types), sha256 (the file checksum described in
 * contract/shared.mjs) and optionally duration (whole seconds).
 */
function create(e) {
  if (refuse(e)) return;
  const field = videoField(e.app);
  const rawLength = e.request.header.get("Upload-Length");
  const length = /^\d+$/.test(rawLength) ? Number(rawLength) : -1;
  if (length < 1) return fail(e, 400, "Upload-Length must be the file size in bytes (at least 1).");
  if (length > field.maxSize) {
    return fail(e, 413, `The file is larger than the server accepts (${Math.floor(field.maxSize / 1073741824)} GB).`);
  }
  const meta = parseMetadata(e.request.header.get("Upload-Metadata"));
  if (!meta.filename) return fail(e, 400, "Upload-Metadata must name the file (filename).");
  if (field.mimeTypes.indexOf(meta.filetype) === -1) {
    return fail(e, 400, `Only video files can be uploaded (${field.mimeTypes.join(", ")}).`);
  }
  if (!SHA256_HEX_RE.test(meta.sha256 || "")) {
    return fail(e, 400, "Upload-Metadata must carry the file checksum (sha256, 64 hex digits).");
  }
  const duration = meta.duration ? Number(meta.duration) : 0;
  if (!(duration >= 0) || Math.floor(duration) !== duration) {
    return fail(e, 400, "duration must be whole seconds.");
  }
  try {
    e.app.findRecordById(Collections.CourseModules, meta.chapter || "");
  } catch (_) {
    return fail(e, 404, "The chapter was not found.");
  }
  // one creation per admin at a time, so two at once cannot both pass the allowance
  return withLock(
    e.app,
    `owner:${e.auth.id}`,
    () => fail(e, 423, "Another upload is being started; retry in a moment."),
    () => createWithin(e, { length, meta, duration }),
  );
}

/** The unfinished uploads (receiving or being checked) an account holds: {count, bytes}. */
function openHeldBy(app, owner) {
  let count = 0;
  let bytes = 0;
  for (const id of listIds(app)) {
    const st = readState(app, id);
    if (!st || st.owner !== owner || st.state === "done" || st.state === "failed") continue;
    count += 1;
    bytes += st.length;
  }
  return { count, bytes };
}

function createWithin(e, req) {
  const { length, meta, duration } = req;
  const held = openHeldBy(e.app, e.auth.id);
  if (held.count >= VIDEO_UPLOAD.maxOpenPerAdmin) {
    return fail(
      e,
      403,
      `You have ${held.count} unfinished uploads. Finish or discard one of them before starting another.`,
    );
  }
  if (held.bytes + length > VIDEO_UPLOAD.maxOpenBytesPerAdmin) {
    return fail(
      e,
      413,
      `Your unfinished uploads would hold more than ${VIDEO_UPLOAD.maxOpenBytesPerAdmin / 1e9} GB. Finish or discard one of them first.`,
    );
  }

  const id = $security.randomStringWithAlphabet(20, "abcdefghijklmnopqrstuvwxyz0123456789");
  $os.mkdirAll(uploadsDir(e.app), 0o700);
  const root = $os.openRoot(uploadsDir(e.app));
  try {
    root.openFile(`${id}.bin`, O_WRONLY | O_CREATE | O_EXCL, 0o600).close();
  } finally {
    root.close();
  }
  writeState(e.app, {
    id: id,
    owner: e.auth.id,
    ownerCollection: e.auth.collection().name,
    chapter: meta.chapter,
    filename: meta.filename,
    filetype: meta.filetype,
    sha256: meta.sha256,
    duration: duration,
    length: length,
    created: new Date().toISOString(),
    state: "receiving",
    verified: 0,
    digests: [],
    attempts: 0,
    error: "",
    video: "",
  });
  const h = e.response.header();
  h.set("Location", `${VIDEO_UPLOAD.path}/${id}`);
  h.set("Upload-Offset", "0");
  return e.noContent(201);
}

function offsetOf(app, st) {
  return st.state === "receiving" ? Math.max(0, fileSize(binPath(app, st.id))) : st.length;
}

/** HEAD: how many bytes the server has, so the client resumes from there. */
function head(e) {
  if (refuse(e)) return;
  const st = ownUpload(e);
  if (!st) return e.noContent(404);
  const h = e.response.header();
  h.set("Upload-Offset", String(offsetOf(e.app, st)));
  h.set("Upload-Length", String(st.length));
  return e.noContent(200);
}

/**
 * PATCH: appends one chunk at the current offset. The chunk is read whole (at most
 * maxChunkBytes) and its Upload-Checksum checked before anything is written, so a cut
 * connection or a corrupted chunk leaves the offset where the chunk started.
 */
function patch(e) {
  // Until the chunk is read, every answer closes the connection (lib/http/unread-body.js);
  // the sign-in and size checks are made here rather than by PocketBase's middlewares, which
  // answer before any of this runs.
  unread.closeUnread(e);
  if (!e.auth) return fail(e, 401, "The request requires valid record authorization token.");
  if (refuse(e)) return;
  const st = ownUpload(e);
  if (!st) return e.noContent(404);
  if (e.request.header.get("Content-Type") !== "application/offset+octet-stream") {
    return fail(e, 415, "Content-Type must be application/offset+octet-stream.");
  }
  const checksum = String(e.request.header.get("Upload-Checksum") || "").split(" ");
  if (checksum[0] !== "sha256" || !checksum[1]) {
    return fail(e, 400, "Upload-Checksum with a sha256 digest of the chunk is required.");
  }
  const declared = e.request.contentLength;
  if (declared < 0) return fail(e, 411, "Content-Length is required.");
  if (declared > VIDEO_UPLOAD.maxChunkBytes) {
    return fail(e, 413, `A chunk may hold at most ${VIDEO_UPLOAD.maxChunkBytes} bytes.`);
  }

  return withLock(
    e.app,
    st.id,
    () => fail(e, 423, "Another request is writing to this upload; retry in a moment."),
    () => {
      const fresh = readState(e.app, st.id);
      if (!fresh) return e.noContent(404);
      const current = offsetOf(e.app, fresh);
      const offset = e.request.header.get("Upload-Offset");
      if (fresh.state !== "receiving" || offset !== String(current)) {
        e.response.header().set("Upload-Offset", String(current));
        return fail(e, 409, `The upload is at byte ${current}.`);
      }
      if (current + declared > fresh.length) return fail(e, 413, "The chunk goes past Upload-Length.");

      // Throws when the connection is cut mid-chunk: nothing has been written yet.
      const chunk = toString(e.request.body, declared + 1);
      unread.bodyRead(e);
      const digest = Buffer.from($security.sha256(chunk), "hex").toString("base64");
      if (digest !== checksum[1]) return fail(e, 460, "The chunk's checksum does not match; send it again.");

      const root = $os.openRoot(uploadsDir(e.app));
      let written = 0;
      try {
        const f = root.openFile(`${fresh.id}.bin`, O_WRONLY | O_APPEND, 0o600);
        try {
          written = f.writeString(chunk);
        } finally {
          f.close();
        }
      } finally {
        root.close();
      }
      if (written !== declared) {
        $os.truncate(binPath(e.app, fresh.id), current);
        return fail(e, 400, "The chunk was shorter than its Content-Length; send it again.");
      }
      const now = current + written;
      if (now === fresh.length) fresh.state = "verifying";
      writeState(e.app, fresh);
      e.response.header().set("Upload-Offset", String(now));
      return e.noContent(204);
    },
  );
}

/** DELETE: the admin canceled; the partial file goes at once. */
function terminate(e) {
  if (refuse(e)) return;
  const st = ownUpload(e);
  if (!st) return e.noContent(404);
  return withLock(
    e.app,
    st.id,
    () => fail(e, 423, "The upload is busy; retry in a moment."),
    () => {
      if (st.state === "done") return fail(e, 409, "The upload is finished; its video is the chapter's.");
      removeFiles(e.app, st.id);
      return e.noContent(204);
    },
  );
}

/** What the PWA is told about an upload. */
function statusOf(app, st) {
  const out = {
    id: st.id,
    state: st.state === "verified" ? "verifying" : st.state,
    length: st.length,
    received: offsetOf(app, st),
    verified: st.verified,
    message: st.error || "",
  };
  if (st.state === "done") {
    out.storage = app.settings().s3.enabled ? "s3" : "local";
    try {
      out.chapter = app.findRecordById(Collections.CourseModules, st.chapter);
    } catch (_) {}
  }
  return out;
}

function markFailed(app, st, message) {
  st.state = "failed";
  st.error = message;
  removeQuietly(binPath(app, st.id));
  removeQuietly(`${uploadsDir(app)}/${st.id}`);
  writeState(app, st);
}

/**
 * Re-reads the received file block by block and checks its size and checksum against what
 * the browser declared, until done or until `deadline` (ms since epoch; 0 = no limit).
 * Catches a resumed upload that was continued with a different file.
 */
function verifySome(app, st, deadline) {
  if (fileSize(binPath(app, st.id)) !== st.length) {
    markFailed(app, st, "The received file has the wrong size. Upload it again.");
    return;
  }
  const block = VIDEO_UPLOAD.digestBlockBytes;
  const root = $os.openRoot(uploadsDir(app));
  try {
    const f = root.openFile(`${st.id}.bin`, O_RDONLY, 0);
    try {
      f.seek(st.verified, 0);
      while (st.verified < st.length && (!deadline || Date.now() < deadline)) {
        const n = Math.min(block, st.length - st.verified);
        st.digests.push($security.sha256(toString(f, n)));
        st.verified += n;
      }
    } finally {
      f.close();
    }
  } finally {
    root.close();
  }
  if (st.verified < st.length) {
    writeState(app, st);
    return;
  }
  if ($security.sha256(st.digests.join("")) !== st.sha256) {
    markFailed(
      app,
      st,
      "The received file does not match the chosen one (checksum differs). Choose the file again to upload it anew.",
    );
    return;
  }
  st.state = "verified";
  writeState(app, st);
}

/**
 * Stores the verified file as the chapter's video (the replaced one is archived by its hook).
 * The slow part (the checks of the file, copying it into storage or sending it to S3) happens
 * before the chapter is read; then a short transaction re-reads the chapter and sets only its
 * video and duration, so an edit the admin made meanwhile (text, title) stays.
 */
/**
 * Whether the account that made the upload may still change chapter videos: a superuser, or a
 * user whose role is still admin (an admin demoted meanwhile gets nothing attached).
 */
function ownerStillAllowed(app, st) {
  const collections = st.ownerCollection ? [st.ownerCollection] : [Collections.Users, "_superusers"];
  for (const name of collections) {
    let owner = null;
    try {
      owner = app.findRecordById(name, st.owner);
    } catch (_) {}
    if (!owner) continue;
    return owner.isSuperuser() || owner.getString("role") === "admin";
  }
  return false;
}

function attach(app, st) {
  if (!ownerStillAllowed(app, st)) {
    markFailed(app, st, "The account that uploaded this video is no longer an admin: it was not attached.");
    app.logger().warn("video upload: not attached, its owner is no longer an admin", "upload", st.id);
    return;
  }
  const dir = `${uploadsDir(app)}/${st.id}`;
  const named = `${dir}/${safeFileName(st.filename)}`;
  let stored = "";
  let fsys = null;
  let base = "";
  try {
    if (fileSize(named) < 0) {
      $os.mkdirAll(dir, 0o700);
      $os.rename(binPath(app, st.id), named);
    }
    const file = $filesystem.fileFromPath(named);
    // the video field's own checks (a video by its bytes, size), as a record save makes them
    const check = app.findRecordById(Collections.CourseModules, st.chapter);
    check.set("video", file);
    app.validate(check);
    base = check.baseFilesPath();
    fsys = app.newFilesystem();
    fsys.uploadFile(file, `${base}/${file.name}`);
    stored = file.name;
    require(`${__hooks}/lib/setup/test-seam.js`).hold("video-attach");
    app.runInTransaction((txApp) => {
      const chapter = txApp.findRecordById(Collections.CourseModules, st.chapter);
      // a name already in storage: validation would take it for a client-sent file name
      chapter.set("video", stored);
      chapter.set("duration_seconds", st.duration > 0 ? st.duration : null);
      txApp.saveNoValidate(chapter);
    });
  } catch (err) {
    if (stored) {
      try {
        fsys.delete(`${base}/${stored}`);
      } catch (_) {}
    }
    st.attempts += 1;
    const why = `Storing the video failed: ${String(err?.message || err)}`;
    if (st.attempts >= MAX_ATTACH_ATTEMPTS) {
      markFailed(app, st, why);
    } else {
      st.error = why;
      writeState(app, st);
    }
    app.logger().error("video upload: attaching failed", "upload", st.id, "error", String(err));
    return;
  } finally {
    if (fsys) fsys.close();
  }
  removeQuietly(dir);
  st.state = "done";
  st.error = "";
  st.digests = [];
  st.video = stored;
  writeState(app, st);
}

/** Advances a complete upload (verify, then attach) within `deadline`; 0 = to the end. */
function advance(app, st, deadline) {
  if (st.state === "verifying") verifySome(app, st, deadline);
  if (st.state === "verified") attach(app, st);
}

/**
 * POST {id}/finalise: the PWA's poll after the last chunk. Does a few seconds of the
 * remaining work and answers the upload's state: receiving | verifying | done | failed.
 */
function finalise(e) {
  tusHeaders(e);
  if (!isAdminOrSuperuser(e)) return fail(e, 403, "Only admins can upload chapter videos.");
  const st = ownUpload(e);
  if (!st) return fail(e, 404, "This upload is not known (finished long ago, canceled or cleaned up).");
  return withLock(
    e.app,
    st.id,
    () => e.json(200, statusOf(e.app, st)),
    () => {
      const fresh = readState(e.app, st.id) || st;
      advance(e.app, fresh, Date.now() + POLL_WORK_MS);
      return e.json(200, statusOf(e.app, fresh));
    },
  );
}

function listIds(app) {
  let entries = [];
  try {
    entries = $os.readDir(uploadsDir(app));
  } catch (_) {
    return [];
  }
  const ids = [];
  for (let i = 0; i < entries.length; i++) {
    const m = /^([a-z0-9]{20})\.json$/.exec(entries[i].name());
    if (m) ids.push(m[1]);
  }
  return ids;
}

/** Cron: finishes every complete upload whose browser is not polling any more. */
function finaliseAll(app) {
  const ids = listIds(app);
  for (let i = 0; i < ids.length; i++) {
    withLock(
      app,
      ids[i],
      () => null,
      () => {
        const st = readState(app, ids[i]);
        if (st && (st.state === "verifying" || st.state === "verified")) advance(app, st, 0);
      },
    );
  }
}

function lastTouched(app, id) {
  let newest = 0;
  const paths = [statePath(app, id), binPath(app, id)];
  for (let i = 0; i < paths.length; i++) {
    try {
      newest = Math.max(newest, $os.stat(paths[i]).modTime().unixMilli());
    } catch (_) {}
  }
  return newest;
}

/** Cron: removes uploads untouched for a day (abandoned partials, old outcomes). Returns their ids. */
function sweep(app) {
  const removed = [];
  const ids = listIds(app);
  for (let i = 0; i < ids.length; i++) {
    if (Date.now() - lastTouched(app, ids[i]) <= STALE_MS) continue;
    withLock(
      app,
      ids[i],
      () => null,
      () => {
        removeFiles(app, ids[i]);
        removed.push(ids[i]);
      },
    );
  }
  // temp state files of a crash mid-write
  let entries = [];
  try {
    entries = $os.readDir(uploadsDir(app));
  } catch (_) {}
  for (let i = 0; i < entries.length; i++) {
    const name = entries[i].name();
    if (!/\.tmp$/.test(name)) continue;
    const path = `${uploadsDir(app)}/${name}`;
    if (Date.now() - $os.stat(path).modTime().unixMilli() > STALE_MS) removeQuietly(path);
  }
  if (removed.length) app.logger().info("video upload: removed abandoned uploads", "ids", removed.join(","));
  return removed;
}

module.exports = {
  create: create,
  head: head,
  patch: patch,
  terminate: terminate,
  finalise: finalise,
  finaliseAll: finaliseAll,
  sweep: sweep,
  DIR_NAME: "video_uploads",
};
