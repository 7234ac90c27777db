import { useEffect, useRef, useState } from 'react';
import { useChapterVideoSource } from '../api/video-source';
import type { CourseModulesRecord } from '@/lib/pocketbase/types.gen';
import { positionToSave } from '../model/progress';
import * as styles from './VideoPlayer.css';

interface Props {
  /** The signed-in learner: their downloaded copy is played when there is one. */
  userId: string;
  chapter: CourseModulesRecord;
  /** Saved position to resume at (seconds). */
  startAt: number;
  onPosition: (seconds: number) => void;
  onEnded: (durationSeconds: number) => void;
}

/**
 * The chapter video. `useChapterVideoSource` is the one source of truth for its URL: this
 * learner's downloaded copy (served by the service worker, plays and seeks offline), else
 * the protected file with a file token, renewed before the token expires and after a
 * playback error. Whenever the URL changes the player keeps its position and playing state.
 */
export function VideoPlayer({ userId, chapter, startAt, onPosition, onEnded }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  // The file as the chapter was opened: a video replaced meanwhile keeps playing (the old file
  // stays reachable, docs/offline-downloads.md); the next chapter load gets the new one.
  const [opened] = useState(chapter);
  const { source, failed, recover } = useChapterVideoSource(userId, opened);
  // What the element shows; follows `source` once the current position is noted.
  const [src, setSrc] = useState<string>();
  const [errored, setErrored] = useState(false);
  const lastSaved = useRef<number | undefined>(undefined);
  const resumeAt = useRef<{ time: number; play: boolean } | undefined>(
    startAt > 0 ? { time: startAt, play: false } : undefined,
  );
  const callbacks = useRef({ onPosition, onEnded });
  callbacks.current = { onPosition, onEnded };

  const next = source?.src;
  useEffect(() => {
    if (!next) return;
    // Runs before the element gets the new URL (loading it resets currentTime to 0).
    const v = ref.current;
    if (v?.currentSrc) resumeAt.current = { time: v.currentTime, play: !v.paused && !v.ended };
    setSrc(next);
  }, [next]);

  return (
    <div className={styles.frame}>
      {/* biome-ignore lint/a11y/useMediaCaption: chapter videos have no caption files yet */}
      <video
        ref={ref}
        className={styles.video}
        src={src}
        controls
        playsInline
        preload="metadata"
        controlsList="nodownload"
        data-testid="chapter-video"
        data-offline={source?.offline ? 'true' : undefined}
        onLoadedMetadata={(e) => {
          setErrored(false);
          const v = e.currentTarget;
          const r = resumeAt.current;
          resumeAt.current = undefined;
          if (r && r.time > 0 && (!Number.isFinite(v.duration) || r.time < v.duration - 1)) v.currentTime = r.time;
          if (r?.play) void v.play().catch((err) => console.error('[video] resume failed', err));
        }}
        onTimeUpdate={(e) => {
          const s = positionToSave(e.currentTarget.currentTime, lastSaved.current);
          if (s !== undefined) {
            lastSaved.current = s;
            callbacks.current.onPosition(s);
          }
        }}
        onEnded={(e) =>
          callbacks.current.onEnded(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)
        }
        onError={(e) => {
          // An expired token, a deleted file or a dropped connection: a fresh source, same place.
          console.error('[video] playback error', e.currentTarget.error);
          setErrored(true);
          void recover(e.currentTarget);
        }}
      />
      {failed || errored ? (
        <p className={styles.note}>The video could not be loaded. Check your connection; it retries automatically.</p>
      ) : null}
    </div>
  );
}
