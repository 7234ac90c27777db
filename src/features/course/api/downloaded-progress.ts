// How far the learner got with the tasks of each chapter they downloaded, from the device
// alone (the downloads page is where a learner looks on a train).
import { db } from '@/lib/offline/db';
import { useLiveQuery } from '@/lib/offline/live';

export interface TaskCount {
  done: number;
  total: number;
}

/** Per downloaded chapter id: ticked tasks of the chapter's downloaded task list. */
export function useDownloadedTaskProgress(userId: string): Map<string, TaskCount> | undefined {
  return useLiveQuery(async () => {
    const records = await db.downloads
      .where('userId')
      .equals(userId)
      .filter((r) => r.kind === 'record')
      .toArray();
    const ticks = await db.task_progress.filter((t) => t.user_id === userId && t.completed).toArray();
    const ticked = new Set(ticks.map((t) => `${t.chapter_id}:${t.task_identifier}`));
    const counts = new Map<string, TaskCount>();
    for (const row of records) {
      const tasks = ((row.record as { tasks?: { task_identifier?: string }[] } | undefined)?.tasks ?? []).filter(
        (t) => typeof t.task_identifier === 'string',
      );
      if (!tasks.length) continue;
      const done = tasks.filter((t) => ticked.has(`${row.chapterId}:${t.task_identifier}`)).length;
      counts.set(row.chapterId, { done, total: tasks.length });
    }
    return counts;
  }, [userId]);
}
