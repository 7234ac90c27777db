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
  kv!: Table<KvRow, string>;

  constructor(name = 'atelier') {
    super(name);
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
