// Upserts the demo content (pb_hooks/lib/setup/demo-content.js). Idempotent: records are
// found by their natural key (slug, key, chapter number, task id), fields are written
// only when they differ, and an image is attached only while its field is empty.

// JSON with sorted object keys (PocketBase stores maps with sorted keys)
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

function normalize(type, value) {
  if (value === null || value === undefined) return "";
  if (type === "date") return value ? new Date(value).toISOString().replace("T", " ") : "";
  if (type === "json") return canonical(value);
  if (type === "bool") return !!value;
  if (type === "number") return Number(value);
  return String(value);
}

function current(record, type, name) {
  if (type === "date") return record.getDateTime(name).isZero() ? "" : record.getDateTime(name).string();
  if (type === "json") {
    const raw = record.getString(name);
    return canonical(raw ? JSON.parse(raw) : null);
  }
  if (type === "bool") return record.getBool(name);
  if (type === "number") return record.getFloat(name);
  return record.getString(name);
}

/**
 * Finds the record matching `filter` (or makes one), sets the differing fields and the
 * missing images, saves only when something changed. Returns {record, changed}.
 */
function upsert(app, collectionName, filter, params, data, images, imagesDir) {
  const collection = app.findCollectionByNameOrId(collectionName);
  let record;
  try {
    record = app.findFirstRecordByFilter(collectionName, filter, params);
  } catch (_) {
    record = new Record(collection);
  }
  let changed = record.isNew();

  for (const name of Object.keys(data)) {
    const field = collection.fields.getByName(name);
    if (!field) throw new Error(`seed: ${collectionName} has no field ${name}`);
    const type = field.type();
    if (current(record, type, name) !== normalize(type, data[name])) {
      record.set(name, type === "date" ? normalize(type, data[name]) : data[name]);
      changed = true;
    }
  }

  if (imagesDir) {
    for (const name of Object.keys(images || {})) {
      if (record.getString(name)) continue; // keep the file already there (or the artist's)
      record.set(name, $filesystem.fileFromPath(`${imagesDir}/${images[name]}.jpg`));
      changed = true;
    }
  }

  if (changed) app.save(record);
  return { record, changed };
}

/** The course's compendium record with its PDF; a file already there (the artist's) stays. */
function seedCompendium(app, course, path) {
  const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
  const rows = app.findRecordsByFilter(Collections.CourseCompendium, "course_id = {:c}", "", 1, 0, { c: course.id });
  if (rows.length && rows[0].getString("file")) return { record: rows[0], changed: false };
  const record = rows.length ? rows[0] : new Record(app.findCollectionByNameOrId(Collections.CourseCompendium));
  record.set("course_id", course.id);
  record.set("file", $filesystem.fileFromPath(path));
  app.save(record);
  return { record, changed: true };
}

/** Seeds everything; returns {collection: {total, changed}}. */
function seedDemo(app, imagesDir) {
  const demo = require(`${__hooks}/lib/setup/demo-content.js`);
  const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
  const summary = {};
  const count = (name, res) => {
    summary[name] = summary[name] || { total: 0, changed: 0 };
    summary[name].total++;
    if (res.changed) summary[name].changed++;
    return res.record;
  };
  const bySlug = (name, item) =>
    count(name, upsert(app, name, "slug = {:slug}", { slug: item.data.slug }, item.data, item.images, imagesDir));

  count(
    Collections.SiteSettings,
    upsert(
      app,
      Collections.SiteSettings,
      "key = {:key}",
      { key: "main" },
      demo.siteSettings.data,
      demo.siteSettings.images,
      imagesDir,
    ),
  );
  for (const a of demo.artworks) bySlug(Collections.Artworks, a);
  for (const n of demo.newsPosts) bySlug(Collections.NewsPosts, n);
  const prints = demo.prints.map((p) => bySlug(Collections.Prints, p));
  for (const p of demo.pages) bySlug(Collections.Pages, { data: p, images: {} });
  const exhibition = bySlug(Collections.Exhibitions, demo.exhibition);

  const dropPrint = prints.find((p) => p.getString("slug") === demo.drop.print_slug);
  const { print_slug, ...dropData } = demo.drop;
  const drop = bySlug(Collections.Drops, { data: { ...dropData, print_id: dropPrint.id }, images: {} });
  // the posts about the exhibition and the drop link them (seeded above, so the ids exist now)
  const events = { exhibition: { [demo.exhibition.data.slug]: exhibition }, drop: { [drop.getString("slug")]: drop } };
  for (const n of demo.newsPosts) {
    const links = {};
    if (n.about.exhibition) links.exhibition_id = events.exhibition[n.about.exhibition].id;
    if (n.about.drop) links.drop_id = events.drop[n.about.drop].id;
    if (!Object.keys(links).length) continue;
    // not counted again: the post was counted above, and this writes only on the first run
    upsert(app, Collections.NewsPosts, "slug = {:slug}", { slug: n.data.slug }, links, {}, imagesDir);
  }

  const course = bySlug(Collections.Courses, demo.course);
  count(Collections.CourseCompendium, seedCompendium(app, course, `${__hooks}/demo/${demo.compendiumFile}`));
  const chapterBySort = {};
  for (const ch of demo.chapters) {
    const rec = count(
      Collections.CourseModules,
      upsert(
        app,
        Collections.CourseModules,
        "course_id = {:c} && sort_order = {:s}",
        { c: course.id, s: ch.sort_order },
        { course_id: course.id, ...ch },
        {},
        imagesDir,
      ),
    );
    chapterBySort[ch.sort_order] = rec;
  }

  const taskSortInChapter = {};
  const tasksByChapter = {};
  for (const t of demo.tasks) {
    const chapter = chapterBySort[t.chapter];
    taskSortInChapter[t.chapter] = (taskSortInChapter[t.chapter] || 0) + 1;
    const rec = count(
      Collections.CourseTasks,
      upsert(
        app,
        Collections.CourseTasks,
        "chapter_id = {:ch} && task_identifier = {:t}",
        { ch: chapter.id, t: t.task_identifier },
        {
          course_id: course.id,
          chapter_id: chapter.id,
          task_identifier: t.task_identifier,
          title: t.title,
          sort_order: taskSortInChapter[t.chapter],
        },
        {},
        imagesDir,
      ),
    );
    if (!tasksByChapter[t.chapter]) tasksByChapter[t.chapter] = [];
    tasksByChapter[t.chapter].push(rec);
  }

  // one intro lesson per chapter, then one lesson per task
  for (const ch of demo.chapters) {
    const chapter = chapterBySort[ch.sort_order];
    count(
      Collections.CourseLessons,
      upsert(
        app,
        Collections.CourseLessons,
        "module_id = {:m} && kind = 'intro'",
        { m: chapter.id },
        {
          module_id: chapter.id,
          course_id: course.id,
          title: `Introduction: ${ch.title}`,
          kind: "intro",
          task_id: "",
          sort_order: 0,
        },
        {},
        imagesDir,
      ),
    );
    for (const task of tasksByChapter[ch.sort_order] || []) {
      count(
        Collections.CourseLessons,
        upsert(
          app,
          Collections.CourseLessons,
          "module_id = {:m} && kind = 'task' && task_id = {:t}",
          { m: chapter.id, t: task.id },
          {
            module_id: chapter.id,
            course_id: course.id,
            title: `${task.getString("task_identifier").replace("_", " ")}: ${task.getString("title")}`,
            kind: "task",
            task_id: task.id,
            sort_order: task.getInt("sort_order"),
          },
          {},
          imagesDir,
        ),
      );
    }
  }

  return summary;
}

module.exports = { seedDemo };
