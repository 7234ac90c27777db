import { type DragEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PreviousUpload } from 'tus-js-client';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import type { AdminChapter } from '../api/chapters';
import { useUploadChapterVideo } from '../api/chapter-writes';
import { discardUpload, interruptedUploads, type UploadPhase } from '../api/video-upload';
import { readVideoDuration } from '../media/read-duration';
import { storedDuration } from '../model/duration';
import * as styles from './ChapterCard.css';

const UPLOAD_FAILED = 'Failed to upload video';

/** Says where the file went: S3 when the server stores media there, else its own disk. */
function successText(storage: 's3' | 'local'): string {
  return storage === 's3' ? 'Video uploaded to S3 successfully!' : "Video uploaded to the server's disk successfully!";
}

function phaseText(phase: UploadPhase): string {
  if (phase.kind === 'checking') return 'Preparing the upload (reading the file)...';
  if (phase.kind === 'storing') return 'Uploaded. The server is checking and storing the video...';
  if (phase.retrying) return 'Connection lost. Retrying from the last stored chunk...';
  return 'Uploading...';
}

/** A file dropped on the chapter's row; `n` tells one drop of the same file from the next. */
export interface DroppedFile {
  file: File;
  n: number;
}

/** What the chapter's row says while its panel is closed. */
export interface UploadState {
  busy: boolean;
  interrupted: boolean;
}

/**
 * File picker (videos only: a button, or a file dropped here or on the chapter's row) with a
 * progress bar across chunks and a Cancel button. An interrupted upload of this chapter (closed
 * tab, lost connection) is named, and choosing the same file continues it.
 */
export function VideoUpload({
  chapter,
  online,
  dropped,
  onStateChange,
}: {
  chapter: AdminChapter;
  online: boolean;
  dropped?: DroppedFile | null;
  onStateChange?: (state: UploadState) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<UploadPhase | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [interrupted, setInterrupted] = useState<PreviousUpload[]>([]);
  const upload = useUploadChapterVideo();
  const busy = upload.isPending;

  const refreshInterrupted = useCallback(() => {
    void interruptedUploads(chapter.id).then(setInterrupted);
  }, [chapter.id]);
  useEffect(refreshInterrupted, [refreshInterrupted]);
  const [over, setOver] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    if (!file.type.startsWith('video/')) {
      toast({ title: 'Error', description: 'Please choose a video file.', destructive: true });
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setPhase({ kind: 'checking', fraction: 0 });
    // A failed read stores 0 (unknown) rather than blocking the upload.
    const durationSeconds = storedDuration(await readVideoDuration(file));
    try {
      const { storage } = await upload.mutateAsync({
        chapter,
        file,
        durationSeconds,
        signal: controller.signal,
        onPhase: setPhase,
      });
      toast({ title: 'Success', description: successText(storage) });
    } catch (err) {
      const why = err instanceof Error && err.message ? err.message : UPLOAD_FAILED;
      setFailure(`${why} The previous video is still in place.`);
      toast({ title: 'Error', description: why, destructive: true });
    } finally {
      abortRef.current = null;
      setPhase(null);
      refreshInterrupted();
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  // a file dropped on the chapter's row
  const onFileRef = useRef(onFile);
  onFileRef.current = onFile;
  useEffect(() => {
    if (dropped) void onFileRef.current(dropped.file);
  }, [dropped]);

  useEffect(() => {
    onStateChange?.({ busy, interrupted: interrupted.length > 0 });
  }, [busy, interrupted.length, onStateChange]);

  const disabled = busy || !online;
  const dropHere = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (disabled || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      // the row around this would take the drop too: this zone answers it
      event.stopPropagation();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      setOver(false);
      const file = event.dataTransfer.files[0];
      if (disabled || !file) return;
      event.preventDefault();
      event.stopPropagation();
      void onFile(file);
    },
  };

  const percent = phase ? Math.floor((phase.fraction ?? 0) * 100) : 0;
  const resumedAt =
    phase?.kind === 'sending' && phase.resumedFrom > 0 ? Math.floor((phase.resumedFrom / phase.total) * 100) : 0;
  const pending = busy ? [] : interrupted;

  return (
    <div className={styles.upload}>
      <h3 className={styles.sectionTitle}>Video</h3>
      {pending.map((u) => (
        <p key={u.urlStorageKey} className={styles.hint} role="status" data-testid="upload-interrupted">
          The upload of “{u.metadata.filename}” was interrupted. Choose the same file to continue where it stopped.{' '}
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            onClick={() => void discardUpload(u).then(refreshInterrupted)}
            disabled={!online}
          >
            Discard it
          </button>
        </p>
      ))}
      <div
        className={styles.dropZone}
        data-over={over || undefined}
        data-disabled={disabled || undefined}
        {...dropHere}
      >
        <input
          id={inputId}
          ref={inputRef}
          className={styles.fileInput}
          type="file"
          accept="video/*"
          disabled={disabled}
          onChange={(e) => void onFile(e.currentTarget.files?.[0])}
          data-testid="video-input"
        />
        {/* the label is the button people see: a native file input cannot be styled */}
        <label htmlFor={inputId} className={`${button({ tone: 'outline', size: 'sm' })} ${styles.pickButton}`}>
          {chapter.video ? 'Replace video' : 'Upload video'}
        </label>
        <span className={styles.dropHint}>or drop a video file here</span>
      </div>
      {phase ? (
        <div className={styles.progressRow} role="status" aria-live="polite">
          <span>{phaseText(phase)}</span>
          <progress
            className={styles.progress}
            max={100}
            value={percent}
            aria-label={`Upload progress for ${chapter.title}`}
            data-testid="upload-progress"
          />
          <span aria-hidden="true">{percent}%</span>
          {phase.kind === 'storing' ? null : (
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              onClick={() => abortRef.current?.abort()}
            >
              Cancel upload
            </button>
          )}
        </div>
      ) : null}
      {resumedAt > 0 ? (
        <p className={styles.hint} data-testid="upload-resumed">
          Continuing the interrupted upload from {resumedAt}%.
        </p>
      ) : null}
      {failure ? (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
