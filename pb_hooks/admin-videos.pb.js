/// <reference path="../pb_data/types.d.ts" />
// Chapter videos (/admin/videos): admins only, and a replaced or removed video is kept.

routerUse((e) => {
  // Every request passes here: the cheap test first, so the rest (a shop's crowd, page
  // loads) does not load the guard's modules into each hook VM it runs on.
  const method = e.request.method;
  if ((method !== "POST" && method !== "PATCH") || !e.request.url.path.startsWith("/api/collections/")) return e.next();
  return require(`${__hooks}/lib/admin-videos.js`).guardChapterWrites(e);
});

// What an admin may send for a chapter (lib/record-input.js); the update rule keeps the
// chapter in its course and place.
onRecordUpdateRequest(
  (e) => {
    if (!e.hasSuperuserAuth())
      require(`${__hooks}/lib/record-input.js`).check(e, {
        title: "text",
        description: "multiline",
        content: "multiline",
        video: "file",
        duration_seconds: "whole",
        course_id: "id",
        sort_order: "whole",
      });
    return e.next();
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.CourseModules,
);

onRecordUpdateExecute(
  (e) => {
    return require(`${__hooks}/lib/admin-videos.js`).keepReplacedVideo(e);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.CourseModules,
);
