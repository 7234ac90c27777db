/// <reference path="../pb_data/types.d.ts" />
// Server-side secrets generated once per installation (never sent to the browser):
// "viewing_room" signs the viewing-room unlock links in emails. An env var of the same
// name in upper case (VIEWING_ROOM_SECRET) overrides the stored value.
migrate(
  (app) => {
    const c = new Collection({
      type: "base",
      name: "app_secrets",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: "text", name: "key", required: true, max: 60, pattern: "^[a-z0-9_]+$", presentable: true, help: "Name of the secret." },
        { type: "text", name: "value", required: true, min: 32, max: 200, hidden: true, help: "Secret value. Changing it invalidates links already emailed." },
        { type: "autodate", name: "created", onCreate: true, onUpdate: false },
        { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX `idx_app_secrets_key` ON `app_secrets` (`key`)"],
    });
    app.save(c);
    const r = new Record(c);
    r.set("key", "viewing_room");
    r.set("value", $security.randomString(48));
    app.save(r);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("app_secrets"));
  },
);
