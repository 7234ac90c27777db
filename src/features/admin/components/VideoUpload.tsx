import { useId, useRef, useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import type { AdminChapter } from '../api/chapters';
import { useUploadChapterVideo } from '../api/chapter-writes';
import { readVideoDuration } from '../media/read-duration';
import { storedDuration } from '../model/duration';
import * as styles from './ChapterCard.css';

const UPLOAD_FAILED = 'Failed to upload video';

/** File picker (videos only) with "Uploading...", a real progress bar and a Cancel button. */
export function VideoUpload({ chapter, online }: { chapter: AdminChapter; online: boolean }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadChapterVideo();
  const busy = upload.isPending;

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
    setPercent(0);
    // A failed read stores 0 (unknown) rather than blocking the upload.
    const durationSeconds = storedDuration(await readVideoDuration(file));
    try {
      await upload.mutateAsync({
        chapter,
        file,
        durationSeconds,
        signal: controller.signal,
        onProgress: (p) => setPercent(Math.round(p.fraction * 100)),
      });
      toast({ title: 'Success', description: 'Video uploaded to S3 successfully!' });
    } catch (err) {
      const why = err instanceof Error && err.message ? err.message : UPLOAD_FAILED;
      setFailure(`${why} The previous video is still in place.`);
      toast({ title: 'Error', description: why || UPLOAD_FAILED, destructive: true });
    } finally {
      abortRef.current = null;
      setPercent(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <div className={styles.upload}>
      <label htmlFor={inputId} className={styles.sectionTitle}>
        {chapter.video ? 'Replace video' : 'Upload video'}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className={styles.fileInput}
        type="file"
        accept="video/*"
        disabled={busy || !online}
        onChange={(e) => void onFile(e.currentTarget.files?.[0])}
        data-testid="video-input"
      />
      {busy || percent !== null ? (
        <div className={styles.progressRow} role="status" aria-live="polite">
          <span>Uploading...</span>
          <progress
            className={styles.progress}
            max={100}
            value={percent ?? 0}
            aria-label={`Upload progress for ${chapter.title}`}
            data-testid="upload-progress"
          />
          <span aria-hidden="true">{percent ?? 0}%</span>
          <button
            type="button"
            className={button({ tone: 'ghost', size: 'sm' })}
            onClick={() => abortRef.current?.abort()}
          >
            Cancel upload
          </button>
        </div>
      ) : null}
      {failure ? (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
