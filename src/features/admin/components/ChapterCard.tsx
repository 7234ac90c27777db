import { type DragEvent, useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import type { AdminChapter } from '../api/chapters';
import { chapterVideoUrl, useRemoveChapterVideo } from '../api/chapter-writes';
import { videoStatus } from '../model/duration';
import * as styles from './ChapterCard.css';
import { ContentEditor } from './ContentEditor';
import { type DroppedFile, type UploadState, VideoUpload } from './VideoUpload';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One chapter as one row (number, title, video and text state) that opens to edit: open or
 * remove the video, upload one (the styled picker, or a file dropped on the row), and the text.
 */
export function ChapterCard({ chapter, index, online }: { chapter: AdminChapter; index: number; online: boolean }) {
  const status = videoStatus(chapter);
  const remove = useRemoveChapterVideo();
  const [open, setOpen] = useState(false);
  const [upload, setUpload] = useState<UploadState>({ busy: false, interrupted: false });
  const busy = upload.busy;
  const [dragging, setDragging] = useState(false);
  const [dropped, setDropped] = useState<DroppedFile | null>(null);

  const openVideo = async () => {
    // Open the tab inside the click (popup blockers), then point it at the tokenized URL.
    const tab = window.open('about:blank', '_blank');
    try {
      const url = await chapterVideoUrl(chapter);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch {
      tab?.close();
      toast({ title: 'Error', description: 'Could not open the video. Check your connection.', destructive: true });
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync(chapter);
      toast({ title: 'Success', description: 'Video reference removed successfully' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete video', destructive: true });
    }
  };

  const panelId = `chapter-${chapter.id}-panel`;
  const hasText = !!chapter.content?.trim();

  // Drag a video onto a chapter's row (desktop): it opens and the upload starts.
  const canDrop = online && !busy;
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!canDrop || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!canDrop || !file) return;
    event.preventDefault();
    setOpen(true);
    setDropped({ file, n: (dropped?.n ?? 0) + 1 });
  };

  return (
    <li
      className={styles.card}
      data-testid="chapter-card"
      data-dragging={dragging || undefined}
      aria-labelledby={`chapter-${chapter.id}`}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className={styles.row}>
        <h2 className={`${styles.title} ${styles.rowTitle}`} id={`chapter-${chapter.id}`}>
          <span className={styles.number}>{pad(index + 1)}</span>
          {chapter.title}
        </h2>
        <div className={styles.rowMeta}>
          <p className={`${styles.status} ${styles.rowVideo}`} data-testid="video-status">
            {status.kind === 'none' ? (
              <span className={styles.badge}>No video</span>
            ) : (
              <>
                <span className={`${styles.badge} ${styles.badgeOk}`}>Video uploaded</span>
                <span>
                  <span className={styles.durationLabel}>Duration: </span>
                  <span data-testid="video-duration">{status.duration}</span>
                </span>
              </>
            )}
          </p>
          <p className={styles.rowNote} data-testid="row-note">
            {busy ? 'Uploading…' : upload.interrupted ? 'Upload interrupted' : hasText ? 'Text written' : 'No text yet'}
          </p>
        </div>
        <button
          type="button"
          className={`${button({ tone: open ? 'solid' : 'outline', size: 'sm' })} ${styles.rowManage}`}
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${open ? 'Close' : 'Manage'} ${chapter.title}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Close' : 'Manage'}
        </button>
      </div>
      {/* kept mounted while closed: an upload under way goes on, and its progress stays */}
      <div id={panelId} className={styles.panel} hidden={!open}>
        {status.kind === 'uploaded' ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={button({ tone: 'outline', size: 'sm' })}
              onClick={() => void openVideo()}
              disabled={!online}
            >
              Open video
            </button>
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              onClick={() => void onRemove()}
              disabled={!online || remove.isPending}
            >
              {remove.isPending ? 'Removing...' : 'Remove video'}
            </button>
          </div>
        ) : null}
        <VideoUpload chapter={chapter} online={online} dropped={dropped} onStateChange={setUpload} />
        <ContentEditor chapter={chapter} online={online} />
      </div>
    </li>
  );
}
