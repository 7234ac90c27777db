/// <reference path="../pb_data/types.d.ts" />
// Resumable chapter-video uploads for /admin/videos (tus 1.0.0): admins only; partial
// uploads live in pb_data/video_uploads, are left out of backups and removed after a day.

// No OPTIONS route: PocketBase's CORS middleware answers every OPTIONS request itself, so
// tus discovery is not offered; clients are configured for this server.
routerAdd(
  "POST",
  "/api/video-uploads",
  (e) => require(`${__hooks}/lib/course/video-uploads.js`).create(e),
  $apis.requireAuth(),
);
routerAdd(
  "HEAD",
  "/api/video-uploads/{id}",
  (e) => require(`${__hooks}/lib/course/video-uploads.js`).head(e),
  $apis.requireAuth(),
);
routerAdd(
  "PATCH",
  "/api/video-uploads/{id}",
  (e) => require(`${__hooks}/lib/course/video-uploads.js`).patch(e),
  // No limit from PocketBase (0 replaces its default): the handler refuses a chunk over
  // maxChunkBytes, or one sent without signing in, itself, before reading it and closing the
  // connection, which a middleware's answer does not (lib/http/unread-body.js).
  $apis.bodyLimit(0),
);
routerAdd(
  "DELETE",
  "/api/video-uploads/{id}",
  (e) => require(`${__hooks}/lib/course/video-uploads.js`).terminate(e),
  $apis.requireAuth(),
);
routerAdd(
  "POST",
  "/api/video-uploads/{id}/finalise",
  (e) => require(`${__hooks}/lib/course/video-uploads.js`).finalise(e),
  $apis.requireAuth(),
);

// Complete uploads whose browser stopped polling are verified and attached here.
cronAdd("video_uploads_finalise", "* * * * *", () => {
  require(`${__hooks}/lib/course/video-uploads.js`).finaliseAll($app);
});

cronAdd("video_uploads_sweep", "17 * * * *", () => {
  require(`${__hooks}/lib/course/video-uploads.js`).sweep($app);
});

onBackupCreate((e) => {
  e.exclude.push(require(`${__hooks}/lib/course/video-uploads.js`).DIR_NAME);
  return e.next();
});
