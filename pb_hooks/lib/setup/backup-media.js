// Backups that bring the media back when the media live on S3. PocketBase's backup zip holds
// pb_data: with local storage that includes every uploaded file, with S3 only the database.
// So with S3, each backup also keeps a copy of every file a record names, in the media
// bucket under KEEP ("_backups/media/<collectionId>/<recordId>/<file>"), made by the bucket
// itself (S3 CopyObject: no bytes pass through PocketBase) and only for files not kept yet:
// PocketBase never writes a new file under an existing name (each upload gets a random
// suffix), so a file's key names its content, and a copy made for one backup serves every
// later one. A manifest per backup ("_backups/manifests/<backup>.json") lists what it needs;
// after each backup, copies no kept backup lists are deleted, so a copy lives as long as the
// oldest backup that names it.
//
// Why the media bucket and not the backup bucket: PocketBase lists every object of the backup
// storage as a backup (admin UI, GET /api/backups), so media copies there would show up as
// thousands of "backups". The bucket's own versioning or replication is what protects
// against losing the bucket itself (docs/deploy.md).
//
// Restoring: the zip carries a marker file (MARKER, in pb_data); the first start on restored
// data (PocketBase restarts itself after a restore; a zip unpacked by hand starts the same
// way) puts back every file a record names that is missing from the bucket, from the kept
// copies, before the server answers requests. CommonJS; required inside handlers.

const KEEP = "_backups/media/";
const MANIFESTS = "_backups/manifests/";
const MARKER = "atelier_backup_media.json";
const STATUS = "backups:media-restore";
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

function s3Enabled(app) {
  return !!app.settings().s3.enabled;
}

function markerPath(app) {
  return `${app.dataDir()}/${MARKER}`;
}

/** The bucket key of every file a record names (file fields of every collection, thumbs aside). */
function referencedKeys(app) {
  const keys = {};
  for (const collection of app.findAllCollections()) {
    if (collection.type === "view") continue;
    const fields = [];
    for (const field of collection.fields) if (field.type() === "file") fields.push(field.name);
    if (!fields.length) continue;
    for (const record of app.findAllRecords(collection)) {
      for (const field of fields) {
        for (const name of record.getStringSlice(field)) keys[`${record.baseFilesPath()}/${name}`] = true;
      }
    }
  }
  return Object.keys(keys);
}

/** {key: size} of the objects under `prefix` (keys without the prefix). */
function sizes(fsys, prefix) {
  const out = {};
  for (const obj of fsys.list(prefix)) {
    if (obj.isDir) continue;
    out[obj.key.slice(prefix.length)] = obj.size;
  }
  return out;
}

function manifestKey(name) {
  return `${MANIFESTS}${name}.json`;
}

function readManifest(fsys, name) {
  const reader = fsys.getReader(manifestKey(name));
  try {
    return JSON.parse(toString(reader, MAX_MANIFEST_BYTES));
  } finally {
    reader.close();
  }
}

/**
 * Keeps a copy of every file the records name that has none yet. Returns the keys kept for
 * this backup (files already missing from the bucket but kept earlier count too).
 */
function keepReferenced(app, fsys) {
  const live = sizes(fsys, "");
  const kept = sizes(fsys, KEEP);
  const keys = [];
  for (const key of referencedKeys(app)) {
    const size = live[key];
    if (size === undefined) {
      if (kept[key] !== undefined) keys.push(key);
      else app.logger().warn("backup: a file a record names is missing from storage", "key", key);
      continue;
    }
    if (kept[key] !== size) fsys.copy(key, KEEP + key);
    keys.push(key);
  }
  return keys;
}

/** A name like PocketBase's own ("pb_backup_<app>_<UTC time>.zip"), for backups asked for without one. */
function generatedName(app) {
  const appName = String(app.settings().meta.appName || "pb")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 50);
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return `pb_backup_${appName}_${stamp}.zip`;
}

/** Deletes manifests of backups that are gone, and copies no remaining manifest names. */
function prune(app, fsys) {
  const backups = {};
  const backupFs = app.newBackupsFilesystem();
  try {
    for (const obj of backupFs.list("")) backups[obj.key] = true;
  } finally {
    backupFs.close();
  }
  const needed = {};
  for (const obj of fsys.list(MANIFESTS)) {
    const name = obj.key.slice(MANIFESTS.length).replace(/\.json$/, "");
    if (!backups[name]) {
      fsys.delete(obj.key);
      continue;
    }
    for (const key of readManifest(fsys, name).files || []) needed[key] = true;
  }
  let removed = 0;
  for (const key of Object.keys(sizes(fsys, KEEP))) {
    if (needed[key]) continue;
    fsys.delete(KEEP + key);
    removed++;
  }
  return removed;
}

/**
 * onBackupCreate: keeps the media before the zip is made (a failure fails the backup: a
 * backup that cannot bring its pictures back is not made), marks the zip, and after it
 * keeps what was uploaded meanwhile, then prunes. Local storage: the zip holds the files.
 */
function onBackupCreate(e) {
  const app = e.app;
  if (!s3Enabled(app)) return e.next();
  if (!e.name) e.name = generatedName(app);
  const fsys = app.newFilesystem();
  try {
    const first = keepReferenced(app, fsys);
    $os.writeFile(markerPath(app), toBytes(JSON.stringify({ backup: e.name, storage: "s3" })), 0o600);
    try {
      e.next();
    } finally {
      $os.remove(markerPath(app));
    }
    // files uploaded between the first pass and the snapshot are named by the zip's records
    const all = {};
    for (const key of first.concat(keepReferenced(app, fsys))) all[key] = true;
    const manifest = { backup: e.name, files: Object.keys(all).sort() };
    fsys.upload(toBytes(JSON.stringify(manifest)), manifestKey(e.name));
    try {
      const removed = prune(app, fsys);
      if (removed) app.logger().info("backup: media copies no kept backup names were deleted", "count", removed);
    } catch (err) {
      app.logger().warn("backup: pruning media copies failed", "error", String(err));
    }
  } finally {
    fsys.close();
  }
}

/**
 * onBootstrap, on data restored from a backup (the marker is there): puts back from the kept
 * copies every file a record names that the bucket lacks. The outcome is logged and kept for
 * GET /api/atelier/backups/media-restore.
 */
function restoreAfterBoot(app) {
  let marker;
  try {
    marker = JSON.parse(toString($os.readFile(markerPath(app))));
  } catch (_) {
    return null;
  }
  const result = { backup: String(marker.backup || ""), restored: 0, missing: [], error: "" };
  try {
    if (!s3Enabled(app)) {
      result.error = "this backup's media are on S3, and S3 storage is not configured";
    } else {
      const fsys = app.newFilesystem();
      try {
        const live = sizes(fsys, "");
        const kept = sizes(fsys, KEEP);
        for (const key of referencedKeys(app)) {
          if (live[key] !== undefined) continue;
          if (kept[key] === undefined) {
            result.missing.push(key);
            continue;
          }
          fsys.copy(KEEP + key, key);
          result.restored++;
        }
      } finally {
        fsys.close();
      }
    }
  } catch (err) {
    result.error = String(err);
  }
  if (result.error || result.missing.length) {
    app
      .logger()
      .error(
        "restore: media not all put back",
        "backup",
        result.backup,
        "missing",
        result.missing.length,
        "error",
        result.error,
      );
  } else {
    app.logger().info("restore: media put back", "backup", result.backup, "files", result.restored);
  }
  // a failed attempt keeps the marker, so the next start tries again
  if (!result.error) $os.remove(markerPath(app));
  app.store().set(STATUS, JSON.stringify(result));
  return result;
}

/** The last restore's media outcome in this process, or null. */
function lastRestore(app) {
  const raw = app.store().get(STATUS);
  return raw ? JSON.parse(raw) : null;
}

module.exports = { onBackupCreate, restoreAfterBoot, lastRestore };
