import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { listMirror, recordMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { DropsRecord, ExhibitionsRecord, NewsPostsRecord } from '@/lib/pocketbase/types.gen';

/** The news list shows up to 9 posts. */
const NEWS_LIMIT = 9;

const newsKeys = {
  all: [Collections.NewsPosts] as const,
  latest: () => [...newsKeys.all, 'latest', { limit: NEWS_LIMIT }] as const,
  bySlug: (slug: string) => [...newsKeys.all, 'slug', slug] as const,
};

/** Latest published posts, newest first (the API rule already hides unpublished ones). */
export const latestNewsQueryOptions = () =>
  mirroredQueryOptions({
    queryKey: newsKeys.latest(),
    remote: async () =>
      (
        await pb.collection(Collections.NewsPosts).getList<NewsPostsRecord>(1, NEWS_LIMIT, {
          filter: 'is_published = true',
          sort: '-published_at',
          skipTotal: true,
        })
      ).items,
    mirror: listMirror({ key: 'news:latest', table: db.news_posts, mode: 'upsert' }),
  });

/** A post with the exhibition or drop it is about, when it names one. */
export type NewsPostWithEvents = NewsPostsRecord & {
  expand?: { exhibition_id?: ExhibitionsRecord; drop_id?: DropsRecord };
};

/** One published post by slug, with the event it is about; null when there is none. */
export const newsPostQueryOptions = (slug: string) =>
  mirroredQueryOptions({
    queryKey: newsKeys.bySlug(slug),
    remote: async () => {
      const page = await pb.collection(Collections.NewsPosts).getList<NewsPostWithEvents>(1, 1, {
        filter: pb.filter('slug = {:slug} && is_published = true', { slug }),
        expand: 'exhibition_id,drop_id',
        skipTotal: true,
      });
      return page.items[0] ?? null;
    },
    mirror: recordMirror({ key: `news:slug:${slug}`, table: db.news_posts }),
  });
