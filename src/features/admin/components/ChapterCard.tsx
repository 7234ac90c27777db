import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import type { AdminChapter } from '../api/chapters';
import { chapterVideoUrl, useRemoveChapterVideo } from '../api/chapter-writes';
import { videoStatus } from '../model/duration';
import * as styles from './ChapterCard.css';
import { ContentEditor } from './ContentEditor';
import { VideoUpload } from './VideoUpload';

const pad = (n: number) => String(n).padStart(2, '0');

/** One chapter: video status, open/remove, upload, and the text editor. */
export function ChapterCard({ chapter, index, online }: { chapter: AdminChapter; index: number; online: boolean }) {
  const status = videoStatus(chapter);
  const remove = useRemoveChapterVideo();

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

  return (
    <li className={styles.card} data-testid="chapter-card" aria-labelledby={`chapter-${chapter.id}`}>
      <div className={styles.head}>
        <h2 className={styles.title} id={`chapter-${chapter.id}`}>
          <span className={styles.number}>{pad(index + 1)}</span>
          {chapter.title}
        </h2>
        <p className={styles.status} data-testid="video-status">
          {status.kind === 'none' ? (
            <span className={styles.badge}>No video</span>
          ) : (
            <>
              <span className={`${styles.badge} ${styles.badgeOk}`}>Video uploaded</span>
              <span>
                Duration: <span data-testid="video-duration">{status.duration}</span>
              </span>
            </>
          )}
        </p>
      </div>
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
      <VideoUpload chapter={chapter} online={online} />
      <ContentEditor chapter={chapter} online={online} />
    </li>
  );
}
