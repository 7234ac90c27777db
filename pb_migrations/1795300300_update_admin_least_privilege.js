/// <reference path="../pb_data/types.d.ts" />
// The admin role (users.role = "admin") edits chapter videos and texts on /admin/videos and
// reads what that page needs (every course, its chapters, outline, tasks and lessons). It no
// longer reads other users or their enrolments, and a chapter update may not move the
// chapter to another course or change its place. Superusers keep everything.
const SIGNED_IN = '@request.auth.id != ""';
const ADMIN = '@request.auth.role = "admin"';

const USERS_READ = `${SIGNED_IN} && id = @request.auth.id`;
const ENROLMENTS_READ = `${SIGNED_IN} && user_id = @request.auth.id`;
const CHAPTER_UPDATE =
  `${ADMIN}` +
  " && (@request.body.course_id:isset = false || @request.body.course_id = course_id)" +
  " && (@request.body.sort_order:isset = false || @request.body.sort_order = sort_order)";

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    users.listRule = USERS_READ;
    users.viewRule = USERS_READ;
    app.save(users);

    const enrolments = app.findCollectionByNameOrId("course_enrollments");
    enrolments.listRule = ENROLMENTS_READ;
    enrolments.viewRule = ENROLMENTS_READ;
    app.save(enrolments);

    const modules = app.findCollectionByNameOrId("course_modules");
    modules.updateRule = CHAPTER_UPDATE;
    app.save(modules);
  },
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    users.listRule = `${SIGNED_IN} && (id = @request.auth.id || ${ADMIN})`;
    users.viewRule = users.listRule;
    app.save(users);

    const enrolments = app.findCollectionByNameOrId("course_enrollments");
    enrolments.listRule = `${SIGNED_IN} && (user_id = @request.auth.id || ${ADMIN})`;
    enrolments.viewRule = enrolments.listRule;
    app.save(enrolments);

    const modules = app.findCollectionByNameOrId("course_modules");
    modules.updateRule = ADMIN;
    app.save(modules);
  },
);
