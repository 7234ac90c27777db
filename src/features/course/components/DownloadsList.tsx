import { useEffect, useState } from 'react';
import { type StorageInfo, storageInfo } from '@/lib/offline/storage';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { useDownloadedTaskProgress } from '../api/downloaded-progress';
import { clearDownloads, removeDownload, useDownloads } from '../api/manage-downloads';
import { formatBytes } from '../model/bytes';
import * as styles from './Downloads.css';

const KIND_LABEL = { video: 'Video', file: 'File', record: 'Text and tasks' } as const;

/** What this learner stored on the device, with sizes, Remove per item, Remove all, and storage use. */
export function DownloadsList({ userId }: { userId: string }) {
  const rows = useDownloads(userId);
  const tasks = useDownloadedTaskProgress(userId);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  const total = rows?.reduce((n, r) => n + r.bytes, 0) ?? 0;

  // Re-read the estimate whenever the list changes (a download or a removal).
  useEffect(() => {
    if (rows === undefined) return;
    let live = true;
    void storageInfo().then((s) => live && setStorage(s));
    return () => {
      live = false;
    };
  }, [rows]);

  const removeAll = async () => {
    await clearDownloads(userId);
    toast({ title: 'Downloads removed', description: 'All offline copies were deleted from this device.' });
  };

  return (
    <section className={styles.panel} aria-labelledby="downloads-title" data-testid="downloads-list">
      <h2 id="downloads-title" className={styles.heading}>
        On this device
      </h2>
      {storage?.usage != null && storage.quota != null ? (
        <p className={styles.muted} data-testid="storage-estimate">
          Storage used by this site: {formatBytes(storage.usage)} of {formatBytes(storage.quota)} available
          {storage.persisted ? ' · kept until you remove it' : ' · the browser may clear it when space runs low'}
        </p>
      ) : null}
      {rows === undefined ? null : rows.length === 0 ? (
        <p className={styles.muted}>Nothing downloaded yet.</p>
      ) : (
        <>
          <ul className={styles.list}>
            {rows.map((r) => (
              <li key={r.key} className={styles.item} data-testid="download-item">
                <span>
                  {r.title}{' '}
                  <span className={styles.muted}>
                    · {KIND_LABEL[r.kind]} · {formatBytes(r.bytes)}
                  </span>
                  {r.kind === 'record' && tasks?.get(r.chapterId) ? (
                    <span className={styles.muted} data-testid="download-task-progress">
                      {' '}
                      · {tasks.get(r.chapterId)?.done} of {tasks.get(r.chapterId)?.total} tasks done
                    </span>
                  ) : null}
                </span>
                <button
                  type="button"
                  className={button({ tone: 'ghost', size: 'sm' })}
                  onClick={() => void removeDownload(r.key)}
                  aria-label={`Remove ${KIND_LABEL[r.kind].toLowerCase()} of ${r.title}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.row}>
            <span className={styles.muted}>Total: {formatBytes(total)}</span>
            <button type="button" className={button({ tone: 'outline', size: 'sm' })} onClick={() => void removeAll()}>
              Remove all
            </button>
          </div>
        </>
      )}
    </section>
  );
}
