import { useState } from 'react';
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
  // The box follows the click at once; the device's copy catches up a moment later.
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  if (tasks.length === 0) return null;
  const saved = (t: CourseTasksRecord) => ticks.get(`${t.chapter_id}:${t.task_identifier}`)?.completed ?? false;
  const isDone = (t: CourseTasksRecord) => optimistic[t.id] ?? saved(t);
  const allDone = tasks.every(isDone);

  const toggle = async (task: CourseTasksRecord, completed: boolean) => {
    setOptimistic((o) => ({ ...o, [task.id]: completed }));
    try {
      await setTaskCompleted({ ...chapterRef, taskIdentifier: task.task_identifier, taskTitle: task.title }, completed);
      toast({ title: completed ? 'Task completed!' : 'Task unmarked' });
    } catch (err) {
      console.error('[tasks] could not save the tick', err);
      toast({ title: 'Error', description: 'Failed to update task progress.', destructive: true });
    } finally {
      setOptimistic(({ [task.id]: _, ...rest }) => rest);
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
