/// <reference path="../pb_data/types.d.ts" />
// Two more thumb widths for every image field: 600 px (a phone image at 90vw and DPR 1.75–2
// picked 800) and 1200 px (a 390 px phone at DPR 3 picked 1600, about twice the bytes).
// The widths the PWA asks for are contract/shared.mjs IMAGE_THUMB_WIDTHS.
const BEFORE = ["400x0", "800x0", "1600x0"];
const AFTER = ["400x0", "600x0", "800x0", "1200x0", "1600x0"];

function setThumbs(app, from, to) {
  for (const collection of app.findAllCollections()) {
    let changed = false;
    for (const field of collection.fields) {
      if (field.type() !== "file" || JSON.stringify(field.thumbs || []) !== JSON.stringify(from)) continue;
      field.thumbs = to;
      changed = true;
    }
    if (changed) app.save(collection);
  }
}

migrate(
  (app) => setThumbs(app, BEFORE, AFTER),
  (app) => setThumbs(app, AFTER, BEFORE),
);
