// The chapter viewer's video source: this learner's downloaded copy when there is one
// (served by the service worker, seekable offline), else the protected file URL with a file
// token. `recover` reloads a fresh source at the same position after a playback error
// (token expired after 3 h, the artist deleted an archived file), without losing the place.
import { useCallback, useEffect, useState } from 'react';
import { pb } from '@/lib/pocketbase/client';
import { offlineVideoUrl } from './downloads';

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
export async function resolveVideoSource(userId: string | null | undefined, chapter: VideoSourceChapter): Promise<VideoSource | null> {
  if (!chapter.video) return null;
  if (userId) {
    const copy = await offlineVideoUrl(userId, chapter).catch(() => null);
    if (copy) return { src: copy, offline: true };
  }
  try {
    const token = await pb.files.getToken();
    return { src: pb.files.getURL(chapter, chapter.video, { token }), offline: false };
  } catch {
    return null;
  }
}

/**
 * For `<video src={source?.src} onError={(e) => recover(e.currentTarget)} />`. Re-resolves
 * when the chapter or its file changes (a replaced video has a new file name).
 */
export function useChapterVideoSource(userId: string | null | undefined, chapter: VideoSourceChapter | null | undefined) {
  const [source, setSource] = useState<VideoSource | null>(null);
  const id = chapter?.id;
  const video = chapter?.video;
  const collectionId = chapter?.collectionId ?? '';
  const collectionName = chapter?.collectionName ?? '';

  useEffect(() => {
    let live = true;
    if (!id || !video) {
      setSource(null);
      return;
    }
    void resolveVideoSource(userId, { id, video, collectionId, collectionName }).then((s) => live && setSource(s));
    return () => {
      live = false;
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

  return { source, recover };
}
