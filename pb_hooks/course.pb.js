/// <reference path="../pb_data/types.d.ts" />
// Course progress: merge offline writes from several devices and derive lesson progress.

onRecordCreateRequest(
  (e) => {
    return require(`${__hooks}/lib/progress.js`).onChapterWrite(e, true);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ChapterProgress,
);

onRecordUpdateRequest(
  (e) => {
    return require(`${__hooks}/lib/progress.js`).onChapterWrite(e, false);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.ChapterProgress,
);

onRecordCreateRequest(
  (e) => {
    return require(`${__hooks}/lib/progress.js`).onTaskWrite(e, true);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.UserTaskProgress,
);

onRecordUpdateRequest(
  (e) => {
    return require(`${__hooks}/lib/progress.js`).onTaskWrite(e, false);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.UserTaskProgress,
);
