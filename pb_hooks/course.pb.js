/// <reference path="../pb_data/types.d.ts" />
// Course progress: merge offline writes from several devices and derive lesson progress.
// GET /api/atelier/time gives devices the server's clock, so they stamp progress with it.

routerAdd("GET", "/api/atelier/time", (e) => {
  e.response.header().set("Cache-Control", "no-store");
  return e.json(200, { now: Date.now() });
});

onRecordCreateRequest(
  (e) => {
    return require(`${__hooks}/lib/course/progress.js`).onChapterWrite(e, true);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ChapterProgress,
);

onRecordUpdateRequest(
  (e) => {
    return require(`${__hooks}/lib/course/progress.js`).onChapterWrite(e, false);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ChapterProgress,
);

onRecordCreateRequest(
  (e) => {
    return require(`${__hooks}/lib/course/progress.js`).onTaskWrite(e, true);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.UserTaskProgress,
);

onRecordUpdateRequest(
  (e) => {
    return require(`${__hooks}/lib/course/progress.js`).onTaskWrite(e, false);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.UserTaskProgress,
);
