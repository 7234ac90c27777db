// Chapter videos are never deleted by a replacement or a removal: the stored file remains.
// PocketBase deletes a file field's old file after a successful update;
// instead we list the old name in the hidden, protected `video_archive` field of the same
// record, so the file keeps its URL (/api/files/course_modules/<id>/<name>) and a learner
// who is mid-chapter keeps streaming it with their file token. CommonJS; required inside
// handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

// PocketBase v0.39.11 keeps the names a file field will delete after the update under
// this raw key (core/field_file.go: internalCustomFieldKeyPrefix + "_deletedFilesPrefix_"
// + field name). tests/integration/admin-videos.test.ts fails if that ever changes.
var PENDING_DELETE_KEY = "@pbInternal_deletedFilesPrefix_video";

/** onRecordUpdateExecute for course_modules: runs after validation, around the DB write. */
function keepReplacedVideo(e) {
  var record = e.record;
  var before = "";
  try {
    before = e.app.findRecordById(Collections.CourseModules, record.id).getString("video");
  } catch (_) {
    before = "";
  }
  // A new upload reads as "" here (it is still a file object), a removal as "".
  var now = record.getString("video");
  if (!before || before === now) return e.next();

  var archive = record.getStringSlice("video_archive");
  if (archive.indexOf(before) === -1) archive.push(before);
  record.set("video_archive", archive);

  e.next();

  const pending = record.getRaw(PENDING_DELETE_KEY) || [];
  const keep = [];
  for (let i = 0; i < pending.length; i++) if (pending[i] !== before) keep.push(pending[i]);
  if (keep.length !== pending.length) record.setRaw(PENDING_DELETE_KEY, keep.length ? keep : null);
}

function isAdminOrSuperuser(e) {
  if (!e.auth) return false;
  if (e.auth.isSuperuser()) return true;
  return e.auth.collection().name === Collections.Users && e.auth.getString("role") === "admin";
}

module.exports = { keepReplacedVideo: keepReplacedVideo, isAdminOrSuperuser: isAdminOrSuperuser };
