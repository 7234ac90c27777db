// WebP copies of a record's images at the srcset widths (IMAGE_THUMB_WIDTHS). PocketBase's
// own thumbs are JPEG at quality 95; the copies are a fraction of their bytes. The hooks
// cannot encode images, so each original is copied into a private work folder (IMAGE_WORK_DIR)
// and the server renderer (renderer/image-variants.ts, same machine, loopback, asked with the
// RENDER_SECRET only PocketBase holds) writes the WebP files beside it; they are
// then stored in the record's `image_variants` field, and `image_variant_map` says which copy
// belongs to which image:
//   {"<image file>": {"width": 2400, "height": 3000, "webp": [[400, "<copy file>"], …]}}
// A copy whose image is gone is removed. The PWA (src/lib/pocketbase/files.ts) offers the
// copies in a <source type="image/webp"> and keeps the JPEG thumbs as the fallback.
// CommonJS.

const { IMAGE_THUMB_WIDTHS } = require(`${__hooks}/lib/contract.gen.js`);

const FILES = "image_variants";
const MAP = "image_variant_map";
const TIMEOUT_S = 60;
const MAX_BYTES = 25 * 1024 * 1024; // image fields take up to 20 MB
const DOWN_MS = 10000; // a renderer that is not there is not asked again for this long
const DOWN_UNTIL = "images:down-until";
const WORK_WARNED = "images:work-warned";

// where the server renderer answers (RENDER_PORT on loopback), as the page route asks it
const { rendererBase } = require(`${__hooks}/lib/pages/ssr.js`);

/**
 * The names of the files in the record's image fields (file fields with thumbs) that the
 * records API shows. A hidden field's files (the viewing room's detail images) get no copies:
 * the public `image_variant_map` would name them.
 */
function imageFiles(record) {
  const names = [];
  for (const field of record.collection().fields) {
    if (field.type() !== "file" || field.name === FILES || !(field.thumbs || []).length || field.hidden) continue;
    for (const name of record.getStringSlice(field.name)) names.push(name);
  }
  return names;
}

function readMap(record) {
  try {
    const map = JSON.parse(record.getString(MAP) || "null");
    return map && typeof map === "object" && !Array.isArray(map) ? map : {};
  } catch {
    return {};
  }
}

/** True when the collection has the fields (the migration gave them to every image collection). */
function hasVariants(record) {
  return !!record.collection().fields.getByName(MAP);
}

/**
 * What the record lacks: images without copies (or whose copies are missing from the files
 * field) and entries or files that belong to no image any more.
 */
function plan(record) {
  const map = readMap(record);
  const stored = {};
  for (const name of record.getStringSlice(FILES)) stored[name] = true;
  const images = imageFiles(record);
  const missing = images.filter((name) => {
    const entry = map[name];
    return !entry || !Array.isArray(entry.webp) || !entry.webp.every((pair) => stored[pair[1]]);
  });
  const keep = {};
  for (const name of images) {
    if (missing.indexOf(name) !== -1) continue;
    for (const pair of map[name].webp) keep[pair[1]] = true;
  }
  const stale = Object.keys(stored).filter((name) => !keep[name]);
  const staleEntries = Object.keys(map).filter((name) => images.indexOf(name) === -1);
  return { images, missing, stale, staleEntries, map };
}

function needsWork(p) {
  return p.missing.length > 0 || p.stale.length > 0 || p.staleEntries.length > 0;
}

const O_WRONLY = 0x1;
const O_CREATE = 0x40;
const O_EXCL = 0x80;

/**
 * The images' work folder shared with the renderer (IMAGE_WORK_DIR, made fresh and private by
 * whatever starts both processes), or "" when it is not set or open to other users: then no
 * copies are made (the renderer refuses such a folder too).
 */
function workDir(app) {
  const dir = $os.getenv("IMAGE_WORK_DIR");
  let problem = "";
  if (dir?.charAt(0) !== "/") problem = "IMAGE_WORK_DIR is not set to an absolute path";
  else {
    try {
      const st = $os.stat(dir);
      if (!st.isDir()) problem = "it is not a directory";
      else if (Number(st.mode().perm()) & 0o077) problem = "it is open to other users";
    } catch (_) {
      problem = "it does not exist";
    }
  }
  if (!problem) return dir;
  if (!app.store().get(WORK_WARNED)) {
    app.store().set(WORK_WARNED, true);
    app.logger().warn("no WebP copies of images: the work folder cannot be used", "dir", dir, "problem", problem);
  }
  return "";
}

/**
 * Copies a stored file of `record` into the work folder as the new file `rel` (relative to
 * `work`; never through a link, os.Root, O_EXCL) and returns its path, checked to be this
 * server's own. Also used for the certificates' images (lib/shop/certificates.js).
 */
function copyIntoWork(app, record, name, work, rel) {
  const fsys = app.newFilesystem();
  try {
    const reader = fsys.getReader(`${record.baseFilesPath()}/${name}`);
    try {
      const root = $os.openRoot(work);
      try {
        const f = root.openFile(rel, O_WRONLY | O_CREATE | O_EXCL, 0o600);
        try {
          f.write(toBytes(reader, MAX_BYTES));
        } finally {
          f.close();
        }
      } finally {
        root.close();
      }
    } finally {
      reader.close();
    }
  } finally {
    fsys.close();
  }
  const path = `${work}/${rel}`;
  // the folder is this server's own: the file just made belongs to the same user
  if ($os.stat(work).sys().uid !== $os.stat(path).sys().uid) throw new Error("the work folder belongs to another user");
  return path;
}

/** Makes the folder `job` inside the work folder (removed by the caller when done). */
function makeJob(work, job) {
  const root = $os.openRoot(work);
  try {
    root.mkdir(job, 0o700);
  } finally {
    root.close();
  }
}

/**
 * Asks the renderer for one image's copies: {width, height, files:[{width, path}]}, or
 * {error, webp: []} for a file it cannot read as an image (kept in the map, so it is not
 * asked again every minute; a new upload replaces it). The original goes into this run's
 * folder `job` of the work folder as a new file (never through a link, os.Root).
 */
function makeCopies(app, record, name, work, job) {
  const src = copyIntoWork(app, record, name, work, `${job}/${$security.randomString(12)}`);
  const res = $http.send({
    method: "POST",
    url: `${rendererBase()}/images`,
    body: JSON.stringify({ src, widths: IMAGE_THUMB_WIDTHS }),
    headers: { "content-type": "application/json", authorization: `Bearer ${$os.getenv("RENDER_SECRET")}` },
    timeout: TIMEOUT_S,
  });
  const message = res.json ? String(res.json.message || "") : "";
  // 400: the file itself is the problem (not an image sharp can read); asking again will not help
  if (res.statusCode === 400) return { error: message || "not an image", webp: [] };
  if (res.statusCode !== 200 || !res.json || res.json.kind !== "images") {
    throw new Error(`the renderer answered ${res.statusCode}: ${message}`);
  }
  for (const f of res.json.files) {
    if (String(f.path).indexOf(`${src}-w`) !== 0) throw new Error(`the renderer wrote outside the job: ${f.path}`);
  }
  return res.json;
}

/** Stores a copy in the record's file folder (local disk or S3); returns its file name. */
function upload(fsys, record, path) {
  const file = $filesystem.fileFromPath(path);
  fsys.uploadFile(file, `${record.baseFilesPath()}/${file.name}`);
  return file.name;
}

/** Deletes files of the copies field (and any thumbs PocketBase made of them). */
function deleteFiles(fsys, record, names) {
  for (const name of names) {
    try {
      fsys.delete(`${record.baseFilesPath()}/${name}`);
      fsys.deletePrefix(`${record.baseFilesPath()}/thumbs_${name}/`);
    } catch (_) {}
  }
}

/**
 * The copies' two columns as they should be now: the record as it stands (re-read in the
 * transaction) with the entries just made for images it still has. An image replaced meanwhile
 * keeps what it has (its own copies come with its own save); files no entry names are dropped.
 */
function merge(now, made, uploaded) {
  const current = readMap(now);
  const stored = {};
  for (const name of now.getStringSlice(FILES)) stored[name] = true;
  for (const name of uploaded) stored[name] = true;
  const map = {};
  const files = [];
  for (const image of imageFiles(now)) {
    const mine = made[image];
    const theirs = current[image];
    const entry = mine || theirs;
    if (!entry || !Array.isArray(entry.webp) || !entry.webp.every((pair) => stored[pair[1]])) continue;
    map[image] = entry;
    for (const pair of entry.webp) if (files.indexOf(pair[1]) === -1) files.push(pair[1]);
  }
  const drop = Object.keys(stored).filter((name) => files.indexOf(name) === -1);
  return { map, files, drop };
}

/**
 * Makes the missing copies of one record and drops stale ones. Returns the number of images
 * it made copies for (or found unreadable). Never throws: an image without copies still shows
 * (as JPEG), and the cron job tries again.
 *
 * The slow part (the renderer's encoding, storing the files) happens on a record read before
 * it; the write afterwards touches only the two columns of the copies, in a short transaction
 * that re-reads the record, so it never writes back a sale or an edit made meanwhile.
 */
function deriveRecord(app, record) {
  if (!hasVariants(record) || !rendererBase() || !$os.getenv("RENDER_SECRET")) return 0;
  if (!needsWork(plan(record))) return 0;
  const work = workDir(app);
  if (!work) return 0;
  if (Date.now() < (app.store().get(DOWN_UNTIL) || 0)) return 0;
  const collection = record.collection();
  const lock = `images:${collection.name}:${record.id}`;
  const token = $security.randomString(16);
  // one run per record at a time (the save hook and the cron job)
  if (app.store().getOrSet(lock, () => token) !== token) return 0;
  const job = $security.randomString(16);
  const fsys = app.newFilesystem();
  const uploaded = [];
  let committed = false;
  try {
    // the newest copy of the record: the request's may be older than the last save
    const fresh = app.findRecordById(collection.id, record.id);
    const p = plan(fresh);
    if (!needsWork(p)) return 0;
    makeJob(work, job);
    const made = {};
    let madeCount = 0;
    for (const name of p.missing) {
      let copies;
      try {
        copies = makeCopies(app, fresh, name, work, job);
      } catch (err) {
        if (String(err).indexOf("connection refused") !== -1) app.store().set(DOWN_UNTIL, Date.now() + DOWN_MS);
        app.logger().warn("image copies failed", "record", fresh.id, "file", name, "error", String(err));
        if (Date.now() < (app.store().get(DOWN_UNTIL) || 0)) break;
        continue;
      }
      if (copies.error) {
        made[name] = copies;
      } else {
        const webp = [];
        for (const f of copies.files) {
          const stored = upload(fsys, fresh, f.path);
          uploaded.push(stored);
          webp.push([f.width, stored]);
        }
        made[name] = { width: copies.width, height: copies.height, webp };
      }
      madeCount++;
    }
    require(`${__hooks}/lib/setup/test-seam.js`).hold("image-copies");

    let drop = [];
    app.runInTransaction((txApp) => {
      const now = txApp.findRecordById(collection.id, record.id);
      const next = merge(now, made, uploaded);
      drop = next.drop;
      const before = JSON.stringify([now.getStringSlice(FILES), readMap(now)]);
      if (JSON.stringify([next.files, next.map]) === before) return;
      txApp
        .db()
        .newQuery(`UPDATE \`${collection.name}\` SET ${FILES} = {:files}, ${MAP} = {:map} WHERE id = {:id}`)
        .bind({ files: JSON.stringify(next.files), map: JSON.stringify(next.map), id: record.id })
        .execute();
    });
    committed = true;
    deleteFiles(fsys, fresh, drop);
    return madeCount;
  } catch (err) {
    app.logger().warn("image copies not saved", "record", record.id, "error", String(err));
    // the record is gone or the write failed: the files stored for it are nobody's
    if (!committed) deleteFiles(fsys, record, uploaded);
    return 0;
  } finally {
    fsys.close();
    $os.removeAll(`${work}/${job}`);
    app.store().remove(lock);
  }
}

/** The cron job: copies for every record that lacks them, until `budgetMs` is spent. */
function backfill(app, collections, budgetMs) {
  const until = Date.now() + budgetMs;
  let made = 0;
  for (const collection of collections) {
    for (const record of app.findAllRecords(collection)) {
      if (Date.now() > until) return made;
      made += deriveRecord(app, record);
    }
  }
  return made;
}

module.exports = { deriveRecord, backfill, workDir, makeJob, copyIntoWork };
