/// <reference path="../pb_data/types.d.ts" />
// Progress times are corrected onto the server's clock per batch (docs/sync.md, Clocks). Two
// writes of one device are still ordered by that device's own clock, which needs no
// correction: a task's tick and a chapter's position keep the device that wrote them and
// that write's time on its clock.
const COLLECTIONS = ["chapter_progress", "user_task_progress"];

migrate(
  (app) => {
    for (const name of COLLECTIONS) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.add(
        new TextField({
          name: "device_id",
          max: 15,
          pattern: "^[a-z0-9]*$",
          help: "The device whose write set the tick or the position.",
        }),
      );
      c.fields.add(new DateField({ name: "device_at", help: "That write's time on the device's own clock." }));
      app.save(c);
    }
  },
  (app) => {
    for (const name of COLLECTIONS) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.removeByName("device_id");
      c.fields.removeByName("device_at");
      app.save(c);
    }
  },
);
