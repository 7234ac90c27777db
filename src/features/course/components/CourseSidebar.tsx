import { Link } from '@tanstack/react-router';
import type { CourseOutlineRecord } from '@/lib/pocketbase/types.gen';
import { chapterNumber } from '../model/progress';
import { CompendiumButton } from './CompendiumButton';
import * as c from './course.css';
import * as styles from './CourseSidebar.css';

interface Props {
  userId: string;
  courseId: string;
  courseSlug: string;
  chapters: CourseOutlineRecord[];
  currentId: string;
  completed: ReadonlySet<string>;
  accessible: boolean;
}

export function CourseSidebar({ userId, courseId, courseSlug, chapters, currentId, completed, accessible }: Props) {
  return (
    <aside className={c.card} aria-labelledby="content-title">
      <h2 id="content-title" className={c.h3}>
        Course Content
      </h2>
      <CompendiumButton userId={userId} courseId={courseId} courseSlug={courseSlug} />
      <ol className={styles.list}>
        {chapters.map((ch) => {
          const state = !accessible ? 'locked' : completed.has(ch.id) ? 'done' : 'open';
          const icon = state === 'done' ? '✓' : state === 'locked' ? '🔒' : '○';
          const label = `${chapterNumber(ch.sort_order)} ${ch.title}`;
          return (
            <li key={ch.id}>
              {accessible ? (
                <Link
                  to="/course/$courseSlug/chapter/$chapterId"
                  params={{ courseSlug, chapterId: ch.id }}
                  className={ch.id === currentId ? styles.current : styles.item}
                  aria-current={ch.id === currentId ? 'page' : undefined}
                >
                  <span
                    className={styles.icon[state]}
                    role="img"
                    aria-label={state === 'done' ? 'Completed' : 'Not completed'}
                  >
                    {icon}
                  </span>
                  {label}
                </Link>
              ) : (
                <span className={`${styles.item} ${c.dimmed}`}>
                  <span className={styles.icon.locked} role="img" aria-label="Locked">
                    {icon}
                  </span>
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </aside>
  );
}
