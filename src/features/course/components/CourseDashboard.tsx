import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CoursesRecord, CourseTasksRecord, UsersRecord } from '@/lib/pocketbase/types.gen';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import { compendiumQueryOptions } from '../api/compendium';
import {
  chaptersQueryOptions,
  enrollmentQueryOptions,
  outlineQueryOptions,
  tasksQueryOptions,
  useCourse,
} from '../api/course';
import { type CourseProgress, useCourseProgress } from '../api/progress';
import { useProgressPull } from '../api/progress-pull';
import { chapterNumber, completedChapterCount, coursePrice } from '../model/progress';
import * as c from './course.css';
import { CertificateCard } from './CertificateCard';
import * as styles from './CourseDashboard.css';
import { DownloadButton } from './DownloadButton';
import { DownloadsList } from './DownloadsList';
import { ProgressSummary, useProgressCounts } from './ProgressSummary';
import { SyncStatus } from './SyncStatus';
import { CourseCover } from './CourseCover';

function groupByChapter(tasks: readonly CourseTasksRecord[]): Record<string, CourseTasksRecord[]> {
  const by: Record<string, CourseTasksRecord[]> = {};
  for (const t of tasks) by[t.chapter_id] = [...(by[t.chapter_id] ?? []), t];
  return by;
}

/** "N of total chapters" (and lessons) with its bar; the device's progress is refreshed from the server meanwhile. */
function YourProgress({
  user,
  course,
  progress,
}: {
  user: UsersRecord;
  course: CoursesRecord;
  progress: CourseProgress | undefined;
}) {
  useProgressPull(user.id, course.id);
  const counts = useProgressCounts(course.id, progress);
  return (
    <section className={c.card} aria-labelledby="progress-title">
      <div className={c.between}>
        <h2 id="progress-title" className={c.h3}>
          Your Progress
        </h2>
        <SyncStatus userId={user.id} />
      </div>
      <ProgressSummary title={course.title} counts={counts} />
    </section>
  );
}

/** "Download the whole course": every chapter with text and video, the course's tasks and its compendium. */
function CourseDownload({ user, course }: { user: UsersRecord; course: CoursesRecord }) {
  const fullChapters = useQuery(chaptersQueryOptions(user.id, course.id));
  const tasks = useQuery(tasksQueryOptions(course.id));
  const compendium = useQuery(compendiumQueryOptions(user.id, course.id));
  return (
    <section className={c.card} aria-labelledby="offline-title">
      <h2 id="offline-title" className={c.h3}>
        Offline
      </h2>
      {fullChapters.data ? (
        <DownloadButton
          userId={user.id}
          courseId={course.id}
          chapters={fullChapters.data.map((ch) => ({ ...ch }))}
          tasksByChapter={groupByChapter(tasks.data ?? [])}
          compendium={compendium.data}
          scope="course"
        />
      ) : fullChapters.isError ? (
        <p className={c.muted}>The chapters could not be loaded for download.</p>
      ) : null}
      <DownloadsList userId={user.id} />
      <Link to="/downloads" className={button({ tone: 'outline', size: 'sm' })}>
        All offline downloads
      </Link>
    </section>
  );
}

/** /course/$slug: the learner's dashboard for one course. */
export function CourseDashboard({ user, slug }: { user: UsersRecord; slug: string }) {
  const data = useCourse(slug);
  const { data: chapters } = useSuspenseQuery(outlineQueryOptions(data.id));
  // Unknown (offline, never read) counts as not enrolled, as the server would answer.
  const enrollment = useQuery(enrollmentQueryOptions(user.id, data.id));
  const enrolled = !!enrollment.data || user.role === 'admin';
  const progress = useCourseProgress(user.id, data.id);

  const done = new Set([...(progress?.chapters.values() ?? [])].filter((p) => p.completed).map((p) => p.chapter_id));
  const completed = completedChapterCount(chapters, done);

  return (
    <div className={`${container} ${c.page}`}>
      <PageHead title={data.title} description={data.description?.slice(0, 160) || undefined} />
      <header className={c.grid2}>
        <div className={styles.intro}>
          <h1 className={c.title}>{data.title}</h1>
          <p className={c.muted}>{data.description}</p>
        </div>
        <CourseCover course={data} />
      </header>

      {enrolled ? (
        <YourProgress user={user} course={data} progress={progress} />
      ) : (
        <div className={c.grid2}>
          <section className={c.card} aria-label="Price">
            <p className={c.price}>{coursePrice(data.price_cents, data.currency)}</p>
            <p className={c.muted}>One-time payment · Lifetime access</p>
            <Link to="/course/$slug/enroll" params={{ slug }} className={button({ tone: 'solid', block: true })}>
              Continue Course
            </Link>
          </section>
          <section className={c.card} aria-labelledby="guarantee-title">
            <h2 id="guarantee-title" className={c.h3}>
              30-Day Money-Back Guarantee
            </h2>
            <p className={c.muted}>Not for you? Ask for a full refund within 30 days of purchase.</p>
          </section>
        </div>
      )}

      {enrolled ? (
        <CertificateCard
          userId={user.id}
          courseId={data.id}
          courseSlug={slug}
          completed={chapters.length > 0 && completed === chapters.length}
        />
      ) : null}

      {enrolled ? <CourseDownload user={user} course={data} /> : null}

      <section aria-labelledby="chapters-title" className={styles.chapters}>
        <h2 id="chapters-title" className={c.h2}>
          Chapters
        </h2>
        <ol className={styles.list}>
          {chapters.map((ch) => {
            const isDone = done.has(ch.id);
            const inner = (
              <>
                <span className={styles.number}>{chapterNumber(ch.sort_order)}</span>
                <span className={styles.chapterText}>
                  <span className={styles.chapterTitle}>{ch.title}</span>
                  <span className={c.muted}>{ch.description}</span>
                </span>
                {isDone ? (
                  <span className={styles.check} role="img" aria-label="Completed">
                    ✓
                  </span>
                ) : null}
                {enrolled ? <span className={styles.hover}>{isDone ? 'Review' : 'Watch'}</span> : null}
              </>
            );
            return (
              <li key={ch.id}>
                {enrolled ? (
                  <Link
                    to="/course/$courseSlug/chapter/$chapterId"
                    params={{ courseSlug: slug, chapterId: ch.id }}
                    className={styles.item}
                  >
                    {inner}
                  </Link>
                ) : (
                  <span className={`${styles.item} ${c.dimmed}`} aria-disabled="true">
                    {inner}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
