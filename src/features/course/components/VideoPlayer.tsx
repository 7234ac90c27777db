import { useEffect, useRef, useState } from 'react';
import type { CourseModulesRecord } from '@/lib/pocketbase/types.gen';
import { chapterVideoUrl } from '../api/video';
import { positionToSave } from '../model/progress';
import * as styles from './VideoPlayer.css';

interface Props {
  chapter: CourseModulesRecord;
  /** Saved position to resume at (seconds). */
  startAt: number;
  onPosition: (seconds: number) => void;
  onEnded: (durationSeconds: number) => void;
}

/**
 * The protected chapter video. Every range request is checked against the file token, so
 * the source is swapped for a fresh token shortly before it expires (its JWT `exp`), keeping
 * the position and playing state: seeking keeps working however long the learner watches.
 */
export function VideoPlayer({ chapter, startAt, onPosition, onEnded }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState<string>();
  const [failed, setFailed] = useState(false);
  const lastSaved = useRef<number | undefined>(undefined);
  const resumeAt = useRef<{ time: number; play: boolean } | undefined>(startAt > 0 ? { time: startAt, play: false } : undefined);
  const callbacks = useRef({ onPosition, onEnded });
  callbacks.current = { onPosition, onEnded };

  // A fresh URL now, and again shortly before each token expires.
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const { url, refreshIn } = await chapterVideoUrl(chapter);
        if (!alive) return;
        const v = ref.current;
        if (v?.currentSrc) resumeAt.current = { time: v.currentTime, play: !v.paused && !v.ended };
        setFailed(false);
        setSrc(url);
        timer = setTimeout(() => void refresh(), refreshIn);
      } catch (err) {
        console.error('[video] could not get a file token', err);
        if (!alive) return;
        setFailed(true);
        timer = setTimeout(() => void refresh(), 15_000);
      }
    };
    void refresh();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [chapter]);

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
        onLoadedMetadata={(e) => {
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
        onEnded={(e) => callbacks.current.onEnded(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onError={(e) => {
          // An expired token or a dropped connection: log it; the next refresh retries.
          console.error('[video] playback error', e.currentTarget.error);
          setFailed(true);
        }}
      />
      {failed ? <p className={styles.note}>The video could not be loaded. Check your connection; it retries automatically.</p> : null}
    </div>
  );
}
