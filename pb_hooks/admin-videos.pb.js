/// <reference path="../pb_data/types.d.ts" />
// Chapter videos (/admin/videos): admins only, and a replaced or removed video is kept.

onRecordUpdateExecute(
  (e) => {
    return require(`${__hooks}/lib/admin-videos.js`).keepReplacedVideo(e);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.CourseModules,
);
