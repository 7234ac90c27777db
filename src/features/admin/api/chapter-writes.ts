// Admin writes are online-only (ARCHITECTURE "Writes that must be online"): no outbox.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { pb } from '@/lib/pocketbase/client';
import type { AdminChapter } from './chapters';
import { adminKeys } from './keys';
import { uploadChapterVideo } from './video-upload';

function replaceChapter(queryClient: QueryClient, updated: AdminChapter) {
  queryClient.setQueryData<AdminChapter[]>(adminKeys.chapters(updated.course_id), (list) =>
    list?.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)),
  );
}

/**
 * Uploads a chapter video in resumable chunks (./video-upload.ts). Until the server has
 * verified and stored it, learners keep the old video, and the old file stays stored
 * (server hook) so nobody mid-chapter loses playback.
 */
export function useUploadChapterVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadChapterVideo,
    networkMode: 'always',
    onSuccess: ({ chapter }) => replaceChapter(queryClient, chapter),
  });
}

/** Clears the chapter's video reference; the stored file remains. */
export function useRemoveChapterVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chapter: AdminChapter) =>
      pb.collection(Collections.CourseModules).update<AdminChapter>(chapter.id, { video: null, duration_seconds: 0 }),
    networkMode: 'always',
    onSuccess: (updated) => replaceChapter(queryClient, updated),
  });
}

export function useUpdateChapterContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chapter, content }: { chapter: AdminChapter; content: string }) =>
      pb.collection(Collections.CourseModules).update<AdminChapter>(chapter.id, { content }),
    networkMode: 'always',
    onSuccess: (updated) => replaceChapter(queryClient, updated),
  });
}

/** A playable URL for the protected video: a file token (users' tokens last 3 h) in the query. */
export async function chapterVideoUrl(
  chapter: Pick<AdminChapter, 'id' | 'collectionId' | 'collectionName' | 'video'>,
): Promise<string> {
  const token = await pb.files.getToken();
  return pb.files.getURL(chapter, chapter.video, { token });
}
