// The chapter viewer's video source: this learner's downloaded copy when there is one
// (served by the service worker, seekable offline), else the protected file URL with a file
// token. `recover` reloads a fresh source at the same position after a playback error
// (token expired after 3 h, the artist deleted an archived file), without losing the place.
// A streamed source is also renewed shortly before its file token expires, so seeking keeps
// working however long the learner watches; the player keeps its place across the swap.
import { useCallback, useEffect, useState } from 'react';
import { pb } from '@/lib/pocketbase/client';
import { refreshDelay } from '@/lib/pocketbase/file-token';
import { sessionLive } from '@/lib/pocketbase/session';
import { offlineVideoUrl } from './offline-copies';

export interface VideoSourceChapter {
  id: string;
  collectionId: string;
  collectionName: string;
  /** File name ('' = no video). */
  video: string;
}

export interface VideoSource {
  src: string;
  /** true when it is the downloaded copy */
  offline: boolean;
}

/** Resolves the best source now; null when the chapter has no video or nothing is reachable. */
export async function resolveVideoSource(
  userId: string | null | undefined,
  chapter: VideoSourceChapter,
): Promise<VideoSource | null> {
  if (!chapter.video) return null;
  if (userId) {
    const copy = await offlineVideoUrl(userId, chapter).catch(() => null);
    if (copy) return { src: copy, offline: true };
  }
  // with the session ended only a downloaded copy can play (the server would refuse a file token)
  if (!sessionLive()) return null;
  try {
    const token = await pb.files.getToken();
    return { src: pb.files.getURL(chapter, chapter.video, { token }), offline: false };
  } catch {
    return null;
  }
}

/** Retry this often while no source is reachable (offline without a download). */
const RETRY_MS = 15_000;

function tokenOf(src: string): string {
  try {
    return new URL(src, location.href).searchParams.get('token') ?? '';
  } catch {
    return '';
  }
}

/**
 * For `<video src={source?.src} onError={(e) => recover(e.currentTarget)} />`. Re-resolves
 * when the chapter or its file changes (a replaced video has a new file name), before a
 * streamed source's file token expires, and every 15 s while nothing is reachable
 * (`failed`).
 */
export function useChapterVideoSource(
  userId: string | null | undefined,
  chapter: VideoSourceChapter | null | undefined,
) {
  const [source, setSource] = useState<VideoSource | null>(null);
  const [failed, setFailed] = useState(false);
  const id = chapter?.id;
  const video = chapter?.video;
  const collectionId = chapter?.collectionId ?? '';
  const collectionName = chapter?.collectionName ?? '';

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setFailed(false);
    if (!id || !video) {
      setSource(null);
      return;
    }
    const load = async () => {
      const next = await resolveVideoSource(userId, { id, video, collectionId, collectionName });
      if (!live) return;
      // Keep the last source when nothing is reachable: a playing video may still have it buffered.
      if (next) setSource(next);
      setFailed(!next);
      if (!next) timer = setTimeout(() => void load(), RETRY_MS);
      else if (!next.offline) timer = setTimeout(() => void load(), refreshDelay(tokenOf(next.src)));
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [userId, id, video, collectionId, collectionName]);

  const recover = useCallback(
    async (element: HTMLVideoElement) => {
      if (!id || !video) return;
      const at = element.currentTime;
      const wasPlaying = !element.paused;
      const next = await resolveVideoSource(userId, { id, video, collectionId, collectionName });
      if (!next || new URL(next.src, location.href).href === element.currentSrc) return;
      setSource(next);
      element.addEventListener(
        'loadedmetadata',
        () => {
          element.currentTime = at;
          if (wasPlaying) void element.play().catch(() => undefined);
        },
        { once: true },
      );
    },
    [userId, id, video, collectionId, collectionName],
  );

  return { source, failed, recover };
}
