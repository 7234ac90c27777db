/// <reference path="../pb_data/types.d.ts" />
// Chapter videos (/admin/videos): admins only, and a replaced or removed video is kept.

// What an admin may send for a chapter (lib/http/record-input.js); the update rule keeps the
// chapter in its course and place.
onRecordUpdateRequest(
  (e) => {
    if (!e.hasSuperuserAuth())
      require(`${__hooks}/lib/http/record-input.js`).check(e, {
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
    return require(`${__hooks}/lib/course/admin-videos.js`).keepReplacedVideo(e);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.CourseModules,
);
