/// <reference path="../pb_data/types.d.ts" />
// Course: courses, course_modules (chapters), course_tasks, course_lessons,
// course_enrollments, chapter_progress, user_task_progress, lesson_progress and the
// public course_outline view.
//
// Access: chapter content and videos only for enrolled learners and admins (role), the
// outline, lessons and tasks of published courses for everyone, enrolments and progress
// only for their owner. Enrolments are made by the server (payment fulfilment).
const SLUG = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
const IMAGE = {
  type: "file",
  maxSelect: 1,
  maxSize: 20971520,
  mimeTypes: ["image/jpeg", "image/png", "image/webp", "image/avif"],
  thumbs: ["400x0", "800x0", "1600x0"],
};
const TIMESTAMPS = [
  { type: "autodate", name: "created", onCreate: true, onUpdate: false },
  { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
];
const ADMIN = '@request.auth.role = "admin"';
const SIGNED_IN = '@request.auth.id != ""';
const PUBLISHED_OR_ADMIN = `course_id.is_published = true || ${ADMIN}`;
// The auth check matters: with no enrolment rows the back-relation yields NULL, which
// PocketBase compares as "" — so an anonymous "" would match a course nobody is enrolled in.
const enrolled = (courseField) =>
  `@request.auth.id != "" && ${courseField}.course_enrollments_via_course_id.user_id ?= @request.auth.id`;
const OWN = `${SIGNED_IN} && user_id = @request.auth.id`;
// Progress writes: your own record, for a course you are enrolled in, for a chapter of
// that course; an update may not move the record to another user, course or chapter.
const PROGRESS_CREATE = `${OWN} && ${enrolled("course_id")} && chapter_id.course_id = course_id`;
const PROGRESS_UPDATE =
  `${OWN} && ${enrolled("course_id")}` +
  " && (@request.body.user_id:isset = false || @request.body.user_id = user_id)" +
  " && (@request.body.course_id:isset = false || @request.body.course_id = course_id)" +
  " && (@request.body.chapter_id:isset = false || @request.body.chapter_id = chapter_id)";

const image = (name, help) => ({ ...IMAGE, name, help });
const alt = (name, what) => ({
  type: "text",
  name,
  max: 300,
  help: `Alternative text describing the ${what} for screen readers and search engines.`,
});
const rel = (name, collection, help, extra) => ({
  type: "relation",
  name,
  collectionId: collection.id,
  maxSelect: 1,
  cascadeDelete: false,
  help,
  ...extra,
});

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    const orders = app.findCollectionByNameOrId("orders");

    const courses = new Collection({
      type: "base",
      name: "courses",
      listRule: `is_published = true || ${ADMIN}`,
      viewRule: `is_published = true || ${ADMIN}`,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          type: "text",
          name: "slug",
          required: true,
          max: 120,
          pattern: SLUG,
          help: 'Web address name of the course, e.g. "whispering-game" (/course/<slug>). Must be unique.',
        },
        { type: "text", name: "title", required: true, max: 200, presentable: true, help: "Course title." },
        {
          type: "text",
          name: "description",
          max: 10000,
          help: "Course description on the landing, dashboard and enrol pages.",
        },
        image("cover_image", "Course cover image (landscape)."),
        alt("cover_image_alt", "cover image"),
        { type: "text", name: "instructor_name", max: 120, help: 'Instructor shown as "by <name>".' },
        { type: "text", name: "instructor_bio", max: 5000, help: "Instructor section text." },
        image("instructor_photo", "Instructor photo (square)."),
        alt("instructor_photo_alt", "instructor photo"),
        {
          type: "number",
          name: "price_cents",
          onlyInt: true,
          min: 0,
          required: true,
          help: "One-time price in cents of the currency below, e.g. 13900 = $139.",
        },
        {
          type: "select",
          name: "currency",
          values: ["usd", "eur", "sek"],
          maxSelect: 1,
          required: true,
          help: "Currency of the price.",
        },
        { type: "bool", name: "is_published", help: "Only published courses are visible and can be bought." },
        ...TIMESTAMPS,
      ],
      indexes: [
        "CREATE UNIQUE INDEX `idx_courses_slug` ON `courses` (`slug`)",
        "CREATE INDEX `idx_courses_title` ON `courses` (`title`)",
      ],
    });
    app.save(courses);

    const modules = new Collection({
      type: "base",
      name: "course_modules",
      // rules set below, once course_enrollments exists for the back-relation
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        rel("course_id", courses, "Course this chapter belongs to.", { required: true }),
        { type: "text", name: "title", required: true, max: 200, presentable: true, help: "Chapter title." },
        { type: "text", name: "description", max: 5000, help: "Short description, public in the course outline." },
        {
          type: "text",
          name: "content",
          max: 200000,
          help: "Chapter text for enrolled learners (only enrolled learners and admins can read it).",
        },
        {
          type: "file",
          name: "video",
          maxSelect: 1,
          maxSize: 4294967296,
          protected: true,
          mimeTypes: ["video/mp4", "video/webm", "video/quicktime", "video/ogg", "video/x-m4v", "video/x-matroska"],
          thumbs: [],
          help: "Chapter video (mp4 or webm, up to 4 GB). Protected: only enrolled learners and admins can fetch it.",
        },
        { type: "number", name: "duration_seconds", min: 0, help: "Video length in seconds (0 = unknown)." },
        {
          type: "number",
          name: "sort_order",
          onlyInt: true,
          required: true,
          help: "Chapter number: 1, 2, 3 ... (the course outline is ordered by it).",
        },
        ...TIMESTAMPS,
      ],
      indexes: ["CREATE INDEX `idx_course_modules_course_sort` ON `course_modules` (`course_id`, `sort_order`)"],
    });
    app.save(modules);

    const tasks = new Collection({
      type: "base",
      name: "course_tasks",
      listRule: PUBLISHED_OR_ADMIN,
      viewRule: PUBLISHED_OR_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        rel("course_id", courses, "Course of the task.", { required: true }),
        rel("chapter_id", modules, "Chapter the task belongs to.", { required: true }),
        {
          type: "text",
          name: "task_identifier",
          required: true,
          max: 20,
          pattern: "^TASK_[0-9]{2}$",
          help: 'Stable identifier, e.g. "TASK_01". Learners\' ticks are stored under it: do not change it once learners use the course.',
        },
        {
          type: "text",
          name: "title",
          required: true,
          max: 300,
          presentable: true,
          help: "Task text shown in the chapter's task list.",
        },
        { type: "number", name: "sort_order", onlyInt: true, help: "Order inside the chapter." },
        ...TIMESTAMPS,
      ],
      indexes: [
        "CREATE UNIQUE INDEX `idx_course_tasks_chapter_task` ON `course_tasks` (`chapter_id`, `task_identifier`)",
        "CREATE INDEX `idx_course_tasks_course_sort` ON `course_tasks` (`course_id`, `sort_order`)",
      ],
    });
    app.save(tasks);

    app.save(
      new Collection({
        type: "base",
        name: "course_lessons",
        listRule: PUBLISHED_OR_ADMIN,
        viewRule: PUBLISHED_OR_ADMIN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          rel("module_id", modules, "Chapter the lesson belongs to.", { required: true }),
          rel("course_id", courses, "Course of the lesson.", { required: true }),
          {
            type: "text",
            name: "title",
            required: true,
            max: 300,
            presentable: true,
            help: 'Lesson title in the curriculum, e.g. "Introduction" or "TASK 01: ...".',
          },
          {
            type: "select",
            name: "kind",
            values: ["intro", "task"],
            maxSelect: 1,
            required: true,
            help: "intro: the chapter video and text; task: one chapter task.",
          },
          rel("task_id", tasks, "For task lessons: the task."),
          { type: "number", name: "sort_order", onlyInt: true, help: "Order inside the chapter." },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE INDEX `idx_course_lessons_module_sort` ON `course_lessons` (`module_id`, `sort_order`)",
          "CREATE INDEX `idx_course_lessons_course` ON `course_lessons` (`course_id`)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "course_enrollments",
        listRule: `${SIGNED_IN} && (user_id = @request.auth.id || ${ADMIN})`,
        viewRule: `${SIGNED_IN} && (user_id = @request.auth.id || ${ADMIN})`,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          rel("user_id", users, "Enrolled learner.", { required: true, cascadeDelete: true }),
          rel("course_id", courses, "Course.", { required: true }),
          { type: "date", name: "enrolled_at", required: true, help: "When the learner was enrolled." },
          rel("order_id", orders, "Paid order that created the enrolment (empty for manual ones)."),
          {
            type: "select",
            name: "source",
            values: ["purchase", "demo", "manual"],
            maxSelect: 1,
            required: true,
            help: "purchase: paid checkout; demo: demo data; manual: granted by the artist.",
          },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_course_enrollments_user_course` ON `course_enrollments` (`user_id`, `course_id`)",
          "CREATE INDEX `idx_course_enrollments_course` ON `course_enrollments` (`course_id`)",
          "CREATE INDEX `idx_course_enrollments_user_enrolled` ON `course_enrollments` (`user_id`, `enrolled_at`)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "chapter_progress",
        listRule: OWN,
        viewRule: OWN,
        createRule: PROGRESS_CREATE,
        updateRule: PROGRESS_UPDATE,
        deleteRule: null,
        fields: [
          rel("user_id", users, "Learner.", { required: true, cascadeDelete: true }),
          rel("course_id", courses, "Course.", { required: true }),
          rel("chapter_id", modules, "Chapter.", { required: true, cascadeDelete: true }),
          { type: "bool", name: "visited", help: "The learner opened the chapter." },
          { type: "date", name: "last_visited_at", help: "Last time the chapter was opened." },
          { type: "number", name: "position_seconds", min: 0, help: "Video resume position in seconds." },
          { type: "date", name: "position_at", help: "When the position was saved (newest wins)." },
          {
            type: "bool",
            name: "completed",
            help: "Video watched to the end or marked complete (never un-completes).",
          },
          { type: "date", name: "completed_at", help: "When the chapter was completed." },
          { type: "date", name: "client_updated_at", help: "Device time of the write, for merging offline writes." },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_chapter_progress_user_chapter` ON `chapter_progress` (`user_id`, `chapter_id`)",
          "CREATE INDEX `idx_chapter_progress_user_course` ON `chapter_progress` (`user_id`, `course_id`)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "user_task_progress",
        listRule: OWN,
        viewRule: OWN,
        createRule: PROGRESS_CREATE,
        updateRule: `${PROGRESS_UPDATE} && (@request.body.task_identifier:isset = false || @request.body.task_identifier = task_identifier)`,
        deleteRule: null,
        fields: [
          rel("user_id", users, "Learner.", { required: true, cascadeDelete: true }),
          rel("course_id", courses, "Course.", { required: true }),
          rel("chapter_id", modules, "Chapter.", { required: true, cascadeDelete: true }),
          {
            type: "text",
            name: "task_identifier",
            required: true,
            max: 20,
            pattern: "^TASK_[0-9]{2}$",
            help: 'Task identifier, e.g. "TASK_01".',
          },
          { type: "text", name: "task_title", max: 300, help: "Task text at the time of the tick." },
          { type: "bool", name: "completed", help: "The task is ticked." },
          { type: "date", name: "completed_at", help: "When it was ticked (empty when unticked)." },
          {
            type: "date",
            name: "client_updated_at",
            help: "Device time of the tick, for merging offline writes (last write wins).",
          },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_user_task_progress_user_chapter_task` ON `user_task_progress` (`user_id`, `chapter_id`, `task_identifier`)",
          "CREATE INDEX `idx_user_task_progress_user_course` ON `user_task_progress` (`user_id`, `course_id`)",
        ],
      }),
    );

    modules.listRule = `${ADMIN} || (${enrolled("course_id")})`;
    modules.viewRule = modules.listRule;
    modules.updateRule = ADMIN;
    app.save(modules);

    const lessons = app.findCollectionByNameOrId("course_lessons");
    app.save(
      new Collection({
        type: "base",
        name: "lesson_progress",
        listRule: OWN,
        viewRule: OWN,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          rel("user_id", users, "Learner.", { required: true, cascadeDelete: true }),
          rel("lesson_id", lessons, "Lesson.", { required: true, cascadeDelete: true }),
          { type: "bool", name: "completed", help: "Derived by the server from chapter and task progress." },
          { type: "date", name: "completed_at", help: "When the lesson was completed." },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_lesson_progress_user_lesson` ON `lesson_progress` (`user_id`, `lesson_id`)",
        ],
      }),
    );

    // Public chapter list (no content, no video file): landing page and dashboard.
    app.save(
      new Collection({
        type: "view",
        name: "course_outline",
        listRule: PUBLISHED_OR_ADMIN,
        viewRule: PUBLISHED_OR_ADMIN,
        viewQuery:
          "SELECT m.id, m.course_id, m.title, m.description, m.sort_order, m.duration_seconds, " +
          "CAST(m.video != '' AS BOOLEAN) AS has_video FROM course_modules m",
      }),
    );
  },
  (app) => {
    for (const name of [
      "course_outline",
      "lesson_progress",
      "user_task_progress",
      "chapter_progress",
      "course_enrollments",
      "course_lessons",
      "course_tasks",
      "course_modules",
      "courses",
    ]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
