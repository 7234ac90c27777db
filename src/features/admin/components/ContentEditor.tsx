import { useId, useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import type { AdminChapter } from '../api/chapters';
import { useUpdateChapterContent } from '../api/chapter-writes';
import * as styles from './ChapterCard.css';

/** The chapter text: view mode, or Edit → textarea with Save and Cancel. */
export function ContentEditor({ chapter, online }: { chapter: AdminChapter; online: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useUpdateChapterContent();
  const editing = draft !== null;

  const onSave = async () => {
    if (draft === null) return;
    try {
      await save.mutateAsync({ chapter, content: draft });
      toast({ title: 'Success', description: 'Chapter content updated successfully' });
      setDraft(null);
    } catch {
      toast({ title: 'Error', description: 'Failed to update content', destructive: true });
    }
  };

  return (
    <div className={styles.upload}>
      <div className={styles.head}>
        <h3 className={styles.sectionTitle} id={`${id}-title`}>
          Text content
        </h3>
        {editing ? null : (
          <button
            type="button"
            className={button({ tone: 'outline', size: 'sm' })}
            onClick={() => setDraft(chapter.content ?? '')}
            disabled={!online}
          >
            Edit
          </button>
        )}
      </div>
      {editing ? (
        <>
          <textarea
            className={styles.textarea}
            aria-labelledby={`${id}-title`}
            placeholder="Write the chapter text here: instructions, notes and the assignment for this chapter."
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          <div className={styles.actions}>
            <button
              type="button"
              className={button({ size: 'sm' })}
              onClick={() => void onSave()}
              disabled={save.isPending || !online}
            >
              {save.isPending ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className={button({ tone: 'ghost', size: 'sm' })}
              onClick={() => setDraft(null)}
              disabled={save.isPending}
            >
              Cancel
            </button>
          </div>
        </>
      ) : chapter.content?.trim() ? (
        <p className={styles.text}>{chapter.content}</p>
      ) : (
        <p className={styles.hint}>No text content yet. Click Edit to add the chapter text.</p>
      )}
    </div>
  );
}
