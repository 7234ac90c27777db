/// <reference path="../pb_data/types.d.ts" />
// Course progress: merge offline writes from several devices and derive lesson progress.

onRecordCreateRequest((e) => {
  return require(`${__hooks}/lib/progress.js`).onChapterWrite(e, true);
}, "chapter_progress");

onRecordUpdateRequest((e) => {
  return require(`${__hooks}/lib/progress.js`).onChapterWrite(e, false);
}, "chapter_progress");

onRecordCreateRequest((e) => {
  return require(`${__hooks}/lib/progress.js`).onTaskWrite(e, true);
}, "user_task_progress");

onRecordUpdateRequest((e) => {
  return require(`${__hooks}/lib/progress.js`).onTaskWrite(e, false);
}, "user_task_progress");
