/// <reference path="../pb_data/types.d.ts" />
// WebP copies of uploaded images (pb_hooks/lib/pages/image-variants.js) in the contract's
// IMAGE_COLLECTIONS: made right after a record with a new image is saved, and by a cron job
// for anything that still lacks them (saved while the server renderer was down, seeded
// before it started, or made before this existed).

onRecordAfterCreateSuccess(
  (e) => {
    e.next();
    require(`${__hooks}/lib/pages/image-variants.js`).deriveRecord(e.app, e.record);
  },
  ...require(`${__hooks}/lib/contract.gen.js`).IMAGE_COLLECTIONS,
);

onRecordAfterUpdateSuccess(
  (e) => {
    e.next();
    require(`${__hooks}/lib/pages/image-variants.js`).deriveRecord(e.app, e.record);
  },
  ...require(`${__hooks}/lib/contract.gen.js`).IMAGE_COLLECTIONS,
);

// At most 40 s of each minute, so runs never pile up.
cronAdd("atelier_image_variants", "* * * * *", () => {
  const lib = require(`${__hooks}/lib/pages/image-variants.js`);
  const n = lib.backfill($app, require(`${__hooks}/lib/contract.gen.js`).IMAGE_COLLECTIONS, 40000);
  if (n) $app.logger().info("made WebP copies of images", "images", n);
});
