import { useRef, useState } from 'react';
import { useOnlineStatus } from '@/lib/offline/online';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { type DownloadProgress, downloadForOffline, estimateDownload, StorageFullError } from '../api/download-course';
import { removeChapterDownload, removeCourseDownload, useDownloads } from '../api/manage-downloads';
import type { CompendiumFile } from '../api/compendium';
import { type DownloadableChapter, hasFilesToDownload } from '../api/offline-copies';
import { formatBytes } from '../model/bytes';
import * as styles from './Downloads.css';

export interface DownloadButtonProps {
  /** The signed-in learner: downloads belong to them. */
  userId: string;
  courseId: string;
  /** One chapter ("this chapter") or every chapter ("the whole course"). */
  chapters: readonly DownloadableChapter[];
  tasksByChapter?: Readonly<Record<string, readonly unknown[]>>;
  /** The course's compendium, stored along with a course download. */
  compendium?: CompendiumFile | null;
  /** What is downloaded, for the labels: "chapter" or "course". */
  scope: 'chapter' | 'course';
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'sizing' }
  | { kind: 'confirm'; bytes: number; available: number | null }
  | { kind: 'downloading'; progress: DownloadProgress | null }
  | { kind: 'error'; message: string };

/**
 * "Download for offline": shows the size first, then progress; once stored, says so and
 * offers Remove. For the chapter viewer (one chapter) and the course dashboard (all). Nothing is
 * offered where there is no video (or compendium) to store: it says so instead.
 */
export function DownloadButton({ userId, courseId, chapters, tasksByChapter, compendium, scope }: DownloadButtonProps) {
  const online = useOnlineStatus();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const rows = useDownloads(userId);
  const ids = new Set(chapters.map((c) => c.id));
  const stored = rows?.filter((r) => r.courseId === courseId && (scope === 'course' || ids.has(r.chapterId))) ?? [];
  const storedChapters = new Set(stored.filter((r) => r.kind === 'record').map((r) => r.chapterId));
  const complete = chapters.length > 0 && chapters.every((c) => storedChapters.has(c.id));
  const storedBytes = stored.filter((r) => r.kind !== 'record').reduce((n, r) => n + r.bytes, 0);
  const what = scope === 'chapter' ? 'this chapter' : 'the whole course';

  const checkSize = async () => {
    setPhase({ kind: 'sizing' });
    try {
      const { bytes, available } = await estimateDownload(chapters, { compendium });
      setPhase({ kind: 'confirm', bytes, available });
    } catch (err) {
      setPhase({ kind: 'error', message: err instanceof Error ? err.message : 'Could not check the download size.' });
    }
  };

  const start = async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: 'downloading', progress: null });
    try {
      await downloadForOffline({
        userId,
        courseId,
        chapters,
        tasksByChapter,
        compendium,
        signal: controller.signal,
        onProgress: (progress) => setPhase({ kind: 'downloading', progress }),
      });
      setPhase({ kind: 'idle' });
      toast({ title: 'Downloaded for offline', description: `You can open ${what} without a connection.` });
    } catch (err) {
      // a full device needs space, not a connection: its message is the whole advice
      const message = controller.signal.aborted
        ? 'Download canceled. Nothing was lost.'
        : err instanceof StorageFullError
          ? err.message
          : `${err instanceof Error ? err.message : 'Download failed.'} Nothing was lost; try again${navigator.onLine === false ? ' when you are online' : ''}.`;
      setPhase({ kind: 'error', message });
    } finally {
      abortRef.current = null;
    }
  };

  const remove = async () => {
    if (scope === 'course') await removeCourseDownload(userId, courseId);
    else for (const c of chapters) await removeChapterDownload(userId, c.id);
    toast({ title: 'Download removed', description: `The offline copy of ${what} was deleted from this device.` });
  };

  if (complete && phase.kind === 'idle') {
    return (
      <div className={styles.row} data-testid={`download-${scope}`}>
        <span className={styles.done} data-testid="download-done">
          Available offline{storedBytes ? ` (${formatBytes(storedBytes)})` : ''}
        </span>
        <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={() => void remove()}>
          Remove download
        </button>
      </div>
    );
  }

  if (!hasFilesToDownload(chapters, compendium)) {
    return (
      <p className={styles.muted} data-testid={`download-${scope}`}>
        {scope === 'chapter'
          ? 'Nothing to download yet: this chapter has no video.'
          : 'Nothing to download yet: no chapter has a video.'}
      </p>
    );
  }

  return (
    <div className={styles.box} data-testid={`download-${scope}`}>
      {phase.kind === 'idle' || phase.kind === 'sizing' || phase.kind === 'error' ? (
        <div className={styles.row}>
          <button
            type="button"
            className={button({ tone: 'outline', size: 'sm' })}
            onClick={() => void checkSize()}
            disabled={!online || phase.kind === 'sizing' || !userId}
          >
            {phase.kind === 'sizing'
              ? 'Checking size...'
              : scope === 'chapter'
                ? 'Download for offline'
                : 'Download course for offline'}
          </button>
          {online ? null : <span className={styles.muted}>Downloads need a connection.</span>}
        </div>
      ) : null}
      {phase.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase.kind === 'confirm' ? (
        <div className={styles.row}>
          <span>
            Download {what}: <strong data-testid="download-size">{formatBytes(phase.bytes)}</strong>
          </span>
          {phase.available !== null ? (
            <span className={styles.muted}>({formatBytes(phase.available)} free)</span>
          ) : null}
          <button
            type="button"
            className={button({ size: 'sm' })}
            onClick={() => void start()}
            disabled={phase.available !== null && phase.bytes > phase.available}
          >
            Download
          </button>
          {phase.available !== null && phase.bytes > phase.available ? (
            <span className={styles.error} role="alert">
              Not enough free storage on this device.
            </span>
          ) : null}
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            onClick={() => setPhase({ kind: 'idle' })}
          >
            Cancel
          </button>
        </div>
      ) : null}
      {phase.kind === 'downloading' ? (
        <div className={styles.row} role="status" aria-live="polite">
          <span>Downloading...</span>
          <progress
            className={styles.progress}
            max={100}
            value={phase.progress?.fraction != null ? Math.round(phase.progress.fraction * 100) : undefined}
            aria-label={`Download progress for ${what}`}
            data-testid="download-progress"
          />
          <span className={styles.muted}>
            {phase.progress ? `${formatBytes(phase.progress.loaded)} of ${formatBytes(phase.progress.total)}` : ''}
          </span>
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            onClick={() => abortRef.current?.abort()}
          >
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}
