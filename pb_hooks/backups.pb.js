/// <reference path="../pb_data/types.d.ts" />
// Backups that bring the media back with media on S3 (lib/setup/backup-media.js): every
// backup keeps a copy of the files its records name, and the first start on restored data
// puts back what the bucket lacks. With local storage the zip already holds the files.

onBackupCreate((e) => {
  return require(`${__hooks}/lib/setup/backup-media.js`).onBackupCreate(e);
});

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/setup/backup-media.js`).restoreAfterBoot(e.app);
});

// What the last restore put back (npm run restore prints it); superusers only.
routerAdd("GET", "/api/atelier/backups/media-restore", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  if (!e.hasSuperuserAuth()) throw new ForbiddenError("Only superusers can see this.");
  return e.json(200, { restore: require(`${__hooks}/lib/setup/backup-media.js`).lastRestore($app) });
});
