/// <reference path="../pb_data/types.d.ts" />
// Chapter videos (/admin/videos): admins only, and a replaced or removed video is kept.

routerUse((e) => {
  return require(`${__hooks}/lib/video-archive.js`).guardChapterWrites(e);
});

onRecordUpdateExecute((e) => {
  return require(`${__hooks}/lib/video-archive.js`).keepReplacedVideo(e);
}, require(`${__hooks}/lib/contract.gen.js`).Collections.CourseModules);
