/// <reference path="../pb_data/types.d.ts" />
// Course progress: merge offline writes from several devices and derive lesson progress.
// GET /api/atelier/time gives devices the server's clock, so they stamp progress with it.

routerAdd("GET", "/api/atelier/time", (e) => {
  e.response.header().set("Cache-Control", "no-store");
  return e.json(200, { now: Date.now() });
});

// A batch's receipt time, for the progress writes in it: each carries the device's clock at
// send, and their times move by the difference (lib/course/progress.js). Taken once per batch,
// so a long batch does not count its own processing as clock difference.
onBatchRequest((e) => {
  e.set(require(`${__hooks}/lib/course/progress.js`).RECEIVED_AT, Date.now());
  return e.next();
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
