import Dexie, { type Table } from 'dexie';
import type { ArtworksRecord, NewsPostsRecord, PrintsRecord, SiteSettingsRecord } from '@/lib/pocketbase/types.gen';

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
 * Versions are append-only: a later issue adds tables with `this.version(n + 1).stores({...})`
 * listing only the new or changed tables (plus an `.upgrade()` when rows must change),
 * never by editing an earlier version.
 */
export class AtelierDb extends Dexie {
  artworks!: Table<ArtworksRecord, string>;
  news_posts!: Table<NewsPostsRecord, string>;
  prints!: Table<PrintsRecord, string>;
  site_settings!: Table<SiteSettingsRecord, string>;
  /** Offline course downloads of the signed-in learner (issue 6; cleared on sign-out). */
  downloads!: Table<DownloadRow, string>;
  kv!: Table<KvRow, string>;

  constructor(name = 'atelier') {
    super(name);
    // Offline course downloads (issue 6). Numbered 6 (the course issue takes 5);
    // declared first only to keep merges apart: Dexie orders versions by number.
    this.version(6).stores({
      downloads: 'key, userId, [userId+courseId], [userId+chapterId]',
    });
    this.version(1).stores({
      artworks: 'id, slug, sort_order, year',
      news_posts: 'id, slug, published_at',
      prints: 'id, slug, sort_order',
      site_settings: 'id, key',
      kv: 'key',
    });
  }
}

export const db = new AtelierDb();

/**
 * One thing a learner downloaded for offline use (issue 6): a file copy in Cache Storage
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
