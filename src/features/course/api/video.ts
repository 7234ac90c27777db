import { pb } from '@/lib/pocketbase/client';
import type { CourseModulesRecord } from '@/lib/pocketbase/types.gen';

/** File tokens last 180 s (PocketBase default); a fresh one is fetched well before that. */
export const FILE_TOKEN_REFRESH_MS = 150_000;

/** URL of a chapter's protected video with a fresh file token (the chapter's view rule applies). */
export async function chapterVideoUrl(chapter: Pick<CourseModulesRecord, 'id' | 'collectionId' | 'collectionName' | 'video'>): Promise<string> {
  const token = await pb.files.getToken();
  return pb.files.getURL(chapter, chapter.video, { token });
}
