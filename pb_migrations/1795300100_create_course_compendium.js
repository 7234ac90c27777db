/// <reference path="../pb_data/types.d.ts" />
// course_compendium: a course's compendium PDF, a protected file like the chapter videos.
// Only enrolled learners and admins read the record and, with a file token, the file; the
// artist uploads it in the admin UI (one per course).
const ADMIN = '@request.auth.role = "admin"';
const ENROLLED = '@request.auth.id != "" && course_id.course_enrollments_via_course_id.user_id ?= @request.auth.id';

migrate(
  (app) => {
    const courses = app.findCollectionByNameOrId("courses");
    app.save(
      new Collection({
        type: "base",
        name: "course_compendium",
        listRule: `${ADMIN} || (${ENROLLED})`,
        viewRule: `${ADMIN} || (${ENROLLED})`,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "relation",
            name: "course_id",
            collectionId: courses.id,
            maxSelect: 1,
            cascadeDelete: true,
            required: true,
            presentable: true,
            help: "Course whose learners get this compendium (one per course).",
          },
          {
            type: "file",
            name: "file",
            maxSelect: 1,
            maxSize: 52428800,
            mimeTypes: ["application/pdf"],
            thumbs: [],
            protected: true,
            required: true,
            help: "The compendium PDF (up to 50 MB). Protected: only enrolled learners and admins can fetch it; learners can save it for offline use.",
          },
          { type: "autodate", name: "created", onCreate: true, onUpdate: false },
          { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
        ],
        indexes: ["CREATE UNIQUE INDEX `idx_course_compendium_course` ON `course_compendium` (`course_id`)"],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("course_compendium"));
  },
);
