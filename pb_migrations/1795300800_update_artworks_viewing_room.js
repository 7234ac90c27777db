/// <reference path="../pb_data/types.d.ts" />
// The viewing room's gate is the server's: what the room shows beyond the public grid is
// hidden from the records API (only superusers, the admin UI, see hidden fields) and served
// by GET /api/atelier/viewing-room/works to holders of a valid room pass
// (pb_hooks/lib/forms/viewing-room.js). Room fields: description, price_note (new),
// is_inquirable, detail_image_1..5 and their alt texts. The WebP copies are made for images
// the records API shows only (lib/pages/image-variants.js); copies already made of detail
// images would name them in the public `image_variant_map`, so they are dropped here.

const ROOM_FIELDS = ["description", "is_inquirable"];
for (let i = 1; i <= 5; i++) ROOM_FIELDS.push(`detail_image_${i}`, `detail_image_${i}_alt`);

/** The copies of hidden images: out of the map and the files field (their files are deleted). */
function dropHiddenCopies(app, collection) {
  const hiddenImages = ROOM_FIELDS.filter((name) => collection.fields.getByName(name).type() === "file");
  for (const record of app.findAllRecords(collection)) {
    let map;
    try {
      map = JSON.parse(record.getString("image_variant_map") || "{}") || {};
    } catch (_) {
      continue;
    }
    const drop = {};
    for (const field of hiddenImages) {
      for (const name of record.getStringSlice(field)) {
        for (const pair of map[name]?.webp || []) drop[pair[1]] = true;
        delete map[name];
      }
    }
    const files = record.getStringSlice("image_variants");
    const kept = files.filter((name) => !drop[name]);
    if (kept.length === files.length) continue;
    record.set("image_variant_map", map);
    record.set("image_variants", kept);
    app.save(record);
  }
}

migrate(
  (app) => {
    const collection = app.findCollectionByNameOrId("artworks");
    for (const name of ROOM_FIELDS) collection.fields.getByName(name).hidden = true;
    collection.fields.add(
      new Field({
        type: "text",
        name: "price_note",
        max: 200,
        hidden: true,
        help: 'Shown in the viewing room only, under the details: a price ("SEK 95 000") or a note ("Price on request", "Private collection").',
      }),
    );
    // shown in the room only now; the admin UI says so
    collection.fields.getByName("description").help = "Text shown in the viewing room (to visitors who entered it).";
    app.save(collection);
    dropHiddenCopies(app, collection);
  },
  (app) => {
    const collection = app.findCollectionByNameOrId("artworks");
    for (const name of ROOM_FIELDS) collection.fields.getByName(name).hidden = false;
    collection.fields.removeByName("price_note");
    collection.fields.getByName("description").help = "Text shown in the viewing room.";
    app.save(collection);
  },
);
