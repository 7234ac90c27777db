import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { imageSource } from '@/lib/pocketbase/files';
import { useAuth } from '@/lib/pocketbase/session';
import type { CourseTasksRecord } from '@/lib/pocketbase/types.gen';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { Image } from '@/ui/image/Image';
import { DownloadButton } from '@/ui/downloads/DownloadButton';
import { DownloadsList } from '@/ui/downloads/DownloadsList';
import { toast } from '@/ui/toast/toast-store';
import { chaptersQueryOptions, courseQueryOptions, outlineQueryOptions, tasksQueryOptions, useEnrollment } from '../api/course';
import { progressPullQueryOptions, useCourseProgress } from '../api/progress';
import { chapterNumber, completedChapterCount, coursePrice, percent } from '../model/progress';
import * as c from './course.css';
import * as styles from './CourseDashboard.css';
import { ProgressBar } from './ProgressBar';
import { SyncStatus } from './SyncStatus';

export function CourseNotFound() {
  return (
    <div className={`${container} ${c.center}`}>
      <h1 className={c.title}>Course Not Found</h1>
      <Link to="/" className={button({ tone: 'solid' })}>
        Go Home
      </Link>
    </div>
  );
}

export function Loading() {
  return (
    <div className={c.center} role="status" aria-live="polite">
      <span className={c.spinner} aria-hidden="true" />
      <span className={c.muted}>Loading…</span>
    </div>
  );
}

function groupByChapter(tasks: readonly CourseTasksRecord[]): Record<string, CourseTasksRecord[]> {
  const by: Record<string, CourseTasksRecord[]> = {};
  for (const t of tasks) by[t.chapter_id] = [...(by[t.chapter_id] ?? []), t];
  return by;
}

/** /course/$slug: the learner's dashboard for one course. */
export function CourseDashboard({ slug }: { slug: string }) {
  const { user } = useAuth();
  const course = useQuery(courseQueryOptions(slug));
  const courseId = course.data?.id;
  const outline = useQuery({ ...outlineQueryOptions(courseId ?? ''), enabled: !!courseId });
  const enrollment = useEnrollment(user?.id, courseId);
  const enrolled = !!enrollment.data || user?.role === 'admin';
  useQuery({ ...progressPullQueryOptions(user?.id ?? '', courseId ?? ''), enabled: !!user && !!courseId && enrolled });
  const progress = useCourseProgress(user?.id, courseId);
  // Full chapters (text, video) and tasks, for "download the whole course".
  const fullChapters = useQuery({ ...chaptersQueryOptions(user?.id ?? '', courseId ?? ''), enabled: !!user && !!courseId && enrolled });
  const tasks = useQuery({ ...tasksQueryOptions(courseId ?? ''), enabled: !!courseId && enrolled });

  const failed = course.isError || course.data === null;
  const notFound = course.data === null || (course.error as { status?: number } | null)?.status === 404;
  useEffect(() => {
    if (!failed) return;
    if (notFound) toast({ title: 'Course not found', destructive: true });
    else toast({ title: 'Failed to load course content', description: 'Failed to load course', destructive: true });
  }, [failed, notFound]);

  if (course.isError || course.data === null) return <CourseNotFound />;
  if (!course.data || !outline.data || enrollment.isPending) return <Loading />;
  const data = course.data;
  const chapters = outline.data;
  const done = new Set([...(progress?.chapters.values() ?? [])].filter((p) => p.completed).map((p) => p.chapter_id));
  const completed = completedChapterCount(chapters, done);
  const pct = percent(completed, chapters.length);
  const cover = imageSource(data, data.cover_image, 1600);

  return (
    <div className={`${container} ${c.page}`}>
      <header className={c.grid2}>
        <div className={styles.intro}>
          <h1 className={c.title}>{data.title}</h1>
          <p className={c.muted}>{data.description}</p>
        </div>
        {cover ? <Image src={cover.src} srcSet={cover.srcSet} sizes="(min-width: 768px) 30vw, 100vw" alt={data.cover_image_alt ?? ''} className={c.cover} priority /> : null}
      </header>

      {enrolled ? (
        <section className={c.card} aria-labelledby="progress-title">
          <div className={c.between}>
            <h2 id="progress-title" className={c.h3}>
              Your Progress
            </h2>
            <SyncStatus />
          </div>
          <p data-testid="chapters-completed">
            {completed} of {chapters.length} chapters
          </p>
          <ProgressBar value={pct} label="Course progress" />
          <p className={c.muted}>{pct === 100 ? 'Course completed!' : `${pct}% complete`}</p>
        </section>
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

      {enrolled && user ? (
        <section className={c.card} aria-labelledby="offline-title">
          <h2 id="offline-title" className={c.h3}>
            Offline
          </h2>
          {fullChapters.data ? (
            <DownloadButton
              userId={user.id}
              courseId={data.id}
              chapters={fullChapters.data.map((ch) => ({ ...ch }))}
              tasksByChapter={groupByChapter(tasks.data ?? [])}
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
      ) : null}

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
                  <Link to="/course/$courseSlug/chapter/$chapterId" params={{ courseSlug: slug, chapterId: ch.id }} className={styles.item}>
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
