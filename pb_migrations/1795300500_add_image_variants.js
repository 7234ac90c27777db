/// <reference path="../pb_data/types.d.ts" />
// WebP copies of every image, made by the server when an image is uploaded
// (pb_hooks/image-variants.pb.js): PocketBase's JPEG thumbs are encoded at quality 95, several
// times the bytes of a WebP that looks the same. Every collection with image fields (file
// fields with thumbs) gets the copies' files and a map from each original to its copies.

function hasImageField(collection) {
  for (const field of collection.fields) {
    if (field.type() === "file" && (field.thumbs || []).length > 0) return true;
  }
  return false;
}

function imageCollections(app) {
  return app.findAllCollections().filter((c) => !c.system && hasImageField(c));
}

migrate(
  (app) => {
    for (const collection of imageCollections(app)) {
      collection.fields.add(
        new Field({
          type: "file",
          name: "image_variants",
          maxSelect: 99,
          maxSize: 20971520,
          mimeTypes: ["image/webp"],
          thumbs: [],
          help: "WebP copies of this record's images, made by the server whenever an image is uploaded. Leave them as they are: the server keeps them in step with the images.",
        }),
      );
      collection.fields.add(
        new Field({
          type: "json",
          name: "image_variant_map",
          maxSize: 65536,
          help: 'Which WebP copy belongs to which image, made by the server: {"<image file>": {"width": …, "height": …, "webp": [[width, "<copy file>"], …]}}. Leave it as it is.',
        }),
      );
      app.save(collection);
    }
  },
  (app) => {
    for (const collection of app.findAllCollections()) {
      if (!collection.fields.getByName("image_variant_map")) continue;
      collection.fields.removeByName("image_variants");
      collection.fields.removeByName("image_variant_map");
      app.save(collection);
    }
  },
);
