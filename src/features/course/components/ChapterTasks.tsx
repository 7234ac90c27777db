import { useEffect, useState } from 'react';
import type { LocalTaskProgress } from '@/lib/offline/db';
import type { CourseTasksRecord } from '@/lib/pocketbase/types.gen';
import { toast } from '@/ui/toast/toast-store';
import { type ChapterRef, setTaskCompleted } from '../api/progress';
import * as c from './course.css';
import * as styles from './ChapterTasks.css';

interface Props {
  chapterRef: ChapterRef;
  tasks: CourseTasksRecord[];
  ticks: Map<string, LocalTaskProgress>;
}

/** The chapter's task list: ticks are saved on the device first and synced later. */
export function ChapterTasks({ chapterRef, tasks, ticks }: Props) {
  // The box follows the click at once and keeps that state until the device's copy shows the
  // write: dropping it when the write resolved let the box flick back for a frame, before the
  // live query had re-read the ticks (a click then seemed to do nothing).
  const [optimistic, setOptimistic] = useState<Record<string, { completed: boolean; saved: boolean }>>({});
  const keyOf = (t: CourseTasksRecord) => `${t.chapter_id}:${t.task_identifier}`;
  useEffect(() => {
    // a new read of the ticks: what it holds replaces what was shown ahead of it
    setOptimistic((o) => {
      const keep = Object.entries(o).filter(
        ([key, v]) => !v.saved && (ticks.get(key)?.completed ?? false) !== v.completed,
      );
      return keep.length === Object.keys(o).length ? o : Object.fromEntries(keep);
    });
  }, [ticks]);
  if (tasks.length === 0) return null;
  const isDone = (t: CourseTasksRecord) => optimistic[keyOf(t)]?.completed ?? ticks.get(keyOf(t))?.completed ?? false;
  const allDone = tasks.every(isDone);

  const toggle = async (task: CourseTasksRecord, completed: boolean) => {
    const key = keyOf(task);
    setOptimistic((o) => ({ ...o, [key]: { completed, saved: false } }));
    try {
      await setTaskCompleted({ ...chapterRef, taskIdentifier: task.task_identifier, taskTitle: task.title }, completed);
      // kept until the next read of the ticks, which holds this write
      setOptimistic((o) => (o[key]?.completed === completed ? { ...o, [key]: { completed, saved: true } } : o));
      toast({ title: completed ? 'Task completed!' : 'Task unmarked' });
    } catch (err) {
      console.error('[tasks] could not save the tick', err);
      setOptimistic(({ [key]: _, ...rest }) => rest);
      toast({ title: 'Error', description: 'Failed to update task progress.', destructive: true });
    }
  };

  return (
    <section className={c.card} aria-labelledby="tasks-title">
      <h2 id="tasks-title" className={c.h3}>
        Chapter Tasks
      </h2>
      <ul className={styles.list}>
        {tasks.map((t) => {
          const done = isDone(t);
          const id = `task-${t.id}`;
          return (
            <li key={t.id} className={styles.item}>
              <input
                id={id}
                type="checkbox"
                className={styles.box}
                checked={done}
                onChange={(e) => void toggle(t, e.currentTarget.checked)}
              />
              <label htmlFor={id} className={done ? styles.labelDone : styles.label}>
                <span className={styles.ident}>{t.task_identifier.replace('_', ' ')}</span> {t.title}
              </label>
            </li>
          );
        })}
      </ul>
      {allDone ? (
        <p className={styles.allDone} role="status">
          All tasks completed for this chapter
        </p>
      ) : null}
    </section>
  );
}
