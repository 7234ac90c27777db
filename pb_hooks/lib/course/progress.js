// Server side of the progress outbox: merges chapter and task progress written by
// devices (possibly offline, replayed, out of order) and derives lesson_progress.
// CommonJS; required inside handlers. API rules have already run (own record, enrolled,
// chapter of that course) when these are called.

const merge = require(`${__hooks}/lib/course/progress-merge.js`);
const { Collections } = require(`${__hooks}/lib/contract.gen.js`);

const CHAPTER_FIELDS = [
  "visited",
  "last_visited_at",
  "position_seconds",
  "position_at",
  "completed",
  "completed_at",
  "client_updated_at",
  "device_id",
  "device_at",
];
const TASK_FIELDS = ["completed", "completed_at", "client_updated_at", "device_id", "device_at"];

// The device's clock when it sent the batch (epoch ms), on every write the app makes; the
// course hooks keep the batch's receipt time in the request store (course.pb.js).
const DEVICE_TIME_HEADER = "X-Atelier-Device-Time";
const RECEIVED_AT = "atelier.receivedAt";

// What a device may send (lib/http/record-input.js): the record as the outbox writes it.
const OWNER = { id: "id", user_id: "id", course_id: "id", chapter_id: "id" };
const DEVICE_INPUT = { device_id: "id", device_at: "date" };
const CHAPTER_INPUT = Object.assign({}, OWNER, DEVICE_INPUT, {
  visited: "bool",
  last_visited_at: "date",
  position_seconds: "seconds",
  position_at: "date",
  completed: "bool",
  completed_at: "date",
  client_updated_at: "date",
});
const TASK_INPUT = Object.assign({}, OWNER, DEVICE_INPUT, {
  task_identifier: "text",
  task_title: "text",
  completed: "bool",
  completed_at: "date",
  client_updated_at: "date",
});

function iso(msValue) {
  return msValue ? new Date(msValue).toISOString() : "";
}

function read(record, fields) {
  const out = {};
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    out[f] =
      f === "visited" || f === "completed"
        ? record.getBool(f)
        : f === "position_seconds"
          ? record.getFloat(f)
          : record.getString(f);
  }
  return out;
}

function write(record, values) {
  for (const k in values) {
    const v = values[k];
    if (k === "visited" || k === "completed" || k === "position_seconds" || k === "device_id") record.set(k, v);
    else record.set(k, iso(v));
  }
}

/**
 * The incoming write's times on the server's clock. The app sends the device's clock reading
 * with every batch: its times are shifted by the difference at receipt (merge.correctTimes).
 * A write without one (queued by an older release) is clamped as those releases were.
 */
function onServerClock(e, state) {
  // (a record request event reaches its request, and the batch's store, through requestEvent)
  const header = e.requestEvent.request.header.get(DEVICE_TIME_HEADER);
  if (!header) {
    const out = merge.clampTimes(state, Date.now());
    out.device_id = "";
    out.device_at = 0;
    return out;
  }
  const sentAt = Number(header);
  if (!/^\d{1,15}$/.test(header) || !(sentAt > 0)) throw new BadRequestError(`Invalid ${DEVICE_TIME_HEADER}.`);
  const received = e.requestEvent.get(RECEIVED_AT);
  const receivedAt = typeof received === "number" && received > 0 ? received : Date.now();
  return merge.correctTimes(state, sentAt, receivedAt);
}

/** Applies a merged value; a write that changes nothing answers with the stored record. */
function finish(e, merged, stored, isCreate, derive, otherChange) {
  if (!isCreate && !otherChange && merge.same(merged, stored)) {
    // replay or older write: no save, no hooks, same answer
    return e.json(200, e.record.original());
  }
  write(e.record, merged);
  e.next();
  derive(e.app, e.record);
}

function onChapterWrite(e, isCreate) {
  if (e.hasSuperuserAuth()) return e.next();
  require(`${__hooks}/lib/http/record-input.js`).check(e, CHAPTER_INPUT);
  const incoming = onServerClock(e, merge.normalizeChapter(read(e.record, CHAPTER_FIELDS)));
  const stored = isCreate ? null : merge.normalizeChapter(read(e.record.original(), CHAPTER_FIELDS));
  const merged = isCreate ? merge.normalizeChapter(incoming) : merge.mergeChapter(stored, incoming);
  return finish(e, merged, stored, isCreate, deriveChapterLessons);
}

function onTaskWrite(e, isCreate) {
  if (e.hasSuperuserAuth()) return e.next();
  require(`${__hooks}/lib/http/record-input.js`).check(e, TASK_INPUT);
  let task = null;
  try {
    task = e.app.findFirstRecordByFilter(Collections.CourseTasks, "chapter_id = {:c} && task_identifier = {:t}", {
      c: e.record.getString("chapter_id"),
      t: e.record.getString("task_identifier"),
    });
  } catch (_) {
    // The artist may have removed or renamed the task while the device was offline:
    // keep the tick (a rejected row could never be fixed by the learner).
  }
  // the title is the course's, not whatever the device sent
  if (task) e.record.set("task_title", task.getString("title"));
  const incoming = onServerClock(e, merge.normalizeTask(read(e.record, TASK_FIELDS)));
  const stored = isCreate ? null : merge.normalizeTask(read(e.record.original(), TASK_FIELDS));
  const merged = isCreate ? merge.normalizeTask(incoming) : merge.mergeTask(stored, incoming);
  const titleChanged = !isCreate && e.record.original().getString("task_title") !== e.record.getString("task_title");
  return finish(
    e,
    merged,
    stored,
    isCreate,
    (app, record) => {
      deriveTaskLesson(app, record, task);
    },
    titleChanged,
  );
}

function setLessonProgress(app, userId, lessonId, completed, completedAt) {
  let lp;
  try {
    lp = app.findFirstRecordByFilter(Collections.LessonProgress, "user_id = {:u} && lesson_id = {:l}", {
      u: userId,
      l: lessonId,
    });
  } catch (_) {
    if (!completed) return;
    lp = new Record(app.findCollectionByNameOrId(Collections.LessonProgress));
    lp.set("user_id", userId);
    lp.set("lesson_id", lessonId);
  }
  if (!lp.isNew() && lp.getBool("completed") === completed) return;
  lp.set("completed", completed);
  lp.set("completed_at", completed ? completedAt || new Date().toISOString() : "");
  app.save(lp);
}

/** Lessons that follow a progress record: each is completed (or not) with it. */
function followLessons(app, record, filter, params) {
  const lessons = app.findRecordsByFilter(Collections.CourseLessons, filter, "", 0, 0, params);
  for (let i = 0; i < lessons.length; i++) {
    setLessonProgress(
      app,
      record.getString("user_id"),
      lessons[i].id,
      record.getBool("completed"),
      record.getString("completed_at"),
    );
  }
}

/** The chapter's intro lesson is completed with the chapter. */
function deriveChapterLessons(app, record) {
  followLessons(app, record, "module_id = {:m} && kind = 'intro'", { m: record.getString("chapter_id") });
}

/** A task lesson follows its tick. */
function deriveTaskLesson(app, record, task) {
  if (task) followLessons(app, record, "task_id = {:t} && kind = 'task'", { t: task.id });
}

module.exports = { onChapterWrite: onChapterWrite, onTaskWrite: onTaskWrite, RECEIVED_AT: RECEIVED_AT };
