import Dexie, { type Table } from 'dexie';
import { Collections } from '@/lib/contract/contract.gen';
import type { OutboxRow } from './outbox';
import type {
  ArtworksRecord,
  CourseLessonsRecord,
  CourseOutlineRecord,
  CoursesRecord,
  CourseTasksRecord,
  NewsPostsRecord,
  PrintsRecord,
  SiteSettingsRecord,
} from '@/lib/pocketbase/types.gen';

/**
 * The device's copy of a learner's chapter progress (times in epoch ms, 0 = unset). The id
 * is the server record's (deterministic per user+chapter).
 */
export interface LocalChapterProgress {
  id: string;
  user_id: string;
  course_id: string;
  chapter_id: string;
  visited: boolean;
  last_visited_at: number;
  position_seconds: number;
  position_at: number;
  completed: boolean;
  completed_at: number;
  client_updated_at: number;
  /** The device whose write set the position, and that write's time on its own clock (none on older rows). */
  device_id?: string;
  device_at?: number;
}

/** The device's copy of one task tick (id deterministic per user+chapter+task). */
export interface LocalTaskProgress {
  id: string;
  user_id: string;
  course_id: string;
  chapter_id: string;
  task_identifier: string;
  task_title: string;
  completed: boolean;
  completed_at: number;
  client_updated_at: number;
  /** The device whose write set the tick, and that write's time on its own clock (none on older rows). */
  device_id?: string;
  device_at?: number;
}

/** A value kept in the generic key-value table (mirror markers, small cached values). */
export interface KvRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

/**
 * The browser database. Mirror tables hold server records as they came (system fields
 * included, so file URLs can be rebuilt offline).
 *
 * Versions are append-only and declared in ascending order: a change adds
 * `this.version(n + 1).stores({...})` listing only the new or changed tables (plus an
 * `.upgrade()` when rows must change), never an edit of an earlier version. The numbers
 * skip 2-4; devices already hold version 6, so the numbers stay.
 */
export class AtelierDb extends Dexie {
  artworks!: Table<ArtworksRecord, string>;
  news_posts!: Table<NewsPostsRecord, string>;
  prints!: Table<PrintsRecord, string>;
  site_settings!: Table<SiteSettingsRecord, string>;
  kv!: Table<KvRow, string>;
  courses!: Table<CoursesRecord, string>;
  course_outline!: Table<CourseOutlineRecord, string>;
  course_lessons!: Table<CourseLessonsRecord, string>;
  course_tasks!: Table<CourseTasksRecord, string>;
  /** Learner data (each account's, removed on its sign-out): mirrored enrolments and chapter texts, progress. */
  user_rows!: Table<UserRow, string>;
  chapter_progress!: Table<LocalChapterProgress, string>;
  task_progress!: Table<LocalTaskProgress, string>;
  /** Offline course downloads of the signed-in learner (cleared on sign-out). */
  downloads!: Table<DownloadRow, string>;
  /**
   * Writes waiting for the server (lib/offline/outbox.ts). In this database so that a change
   * and the row that carries it commit in one transaction.
   */
  outbox!: Table<OutboxRow, string>;

  constructor(name = 'atelier') {
    super(name);
    // Public content and the key-value table.
    this.version(1).stores({
      artworks: 'id, slug, sort_order, year',
      news_posts: 'id, slug, published_at',
      prints: 'id, slug, sort_order',
      site_settings: 'id, key',
      kv: 'key',
    });
    // The course: public outline, lessons and tasks; the learner's enrolments, chapter
    // content and progress.
    this.version(5).stores({
      courses: 'id, slug',
      course_outline: 'id, course_id, sort_order',
      course_lessons: 'id, course_id, module_id',
      course_tasks: 'id, course_id, chapter_id',
      course_enrollments: 'id, user_id, course_id',
      course_modules: 'id, course_id',
      chapter_progress: 'id, [user_id+course_id]',
      task_progress: 'id, [user_id+course_id]',
    });
    // Offline course downloads.
    this.version(6).stores({
      downloads: 'key, userId, [userId+courseId], [userId+chapterId]',
    });
    // The outbox joins the device database (it was a database of its own, `atelier-outbox`;
    // lib/offline/legacy-outbox.ts carries its rows over on first start).
    this.version(7).stores({
      outbox: 'id, op, status, coalesceKey, userId, createdAt',
    });
    // A learner's mirrored course data (enrolments, chapter texts) is theirs alone: one row per
    // account and query (lib/offline/user-data.ts). The shared tables' copies move over, each
    // under the account whose query kept it (their markers named the user).
    this.version(8)
      .stores({ user_rows: 'key, userId' })
      .upgrade(async (tx) => {
        const kv = tx.table<KvRow, string>('kv');
        const rows = tx.table<UserRow, string>('user_rows');
        const markers = await kv.where('key').startsWith('mirror:').toArray();
        for (const marker of markers) {
          const m = /^mirror:((enrollments?|chapters?):([^:]+)(?::.*)?)$/.exec(marker.key);
          if (!m) continue;
          const [, key = '', kind = '', userId = ''] = m;
          const table = tx.table(
            kind.startsWith('enrollment') ? Collections.CourseEnrollments : Collections.CourseModules,
          );
          let value: unknown;
          if (Array.isArray(marker.value))
            value = (await table.bulkGet(marker.value as string[])).filter((r) => r !== undefined);
          else if (typeof marker.value === 'string') value = await table.get(marker.value);
          else value = null;
          if (value !== undefined)
            await rows.put({ key: userRowKey(userId, key), userId, value, updatedAt: marker.updatedAt });
          await kv.delete(marker.key);
        }
      });
    // The shared learner tables, emptied into user_rows above.
    this.version(9).stores({ course_enrollments: null, course_modules: null });
  }
}

/** One account's answer to one query it mirrors (a record, null, or a list). */
export interface UserRow {
  /** `${userId}|${query key}` */
  key: string;
  userId: string;
  value: unknown;
  updatedAt: number;
}

export const userRowKey = (userId: string, key: string) => `${userId}|${key}`;

export const db = new AtelierDb();

/**
 * One thing a learner downloaded for offline use: a file copy in Cache Storage
 * (`kind` video or file; `key` is its cache key) or a record snapshot (`kind` record: the
 * chapter text and tasks, in `record`). Rows belong to one user and go on sign-out.
 */
export interface DownloadRow {
  key: string;
  userId: string;
  courseId: string;
  /** Empty for course-wide items (the compendium). */
  chapterId: string;
  kind: 'video' | 'file' | 'record';
  title: string;
  bytes: number;
  createdAt: number;
  record?: unknown;
}
