import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { offlineChapterData } from '@/lib/offline/downloads';
import { useAuth } from '@/lib/pocketbase/session';
import type { CourseModulesRecord, CourseTasksRecord } from '@/lib/pocketbase/types.gen';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { DownloadButton } from '@/ui/downloads/DownloadButton';
import { chapterQueryOptions, courseQueryOptions, outlineQueryOptions, tasksQueryOptions, useEnrollment } from '../api/course';
import { type ChapterRef, markCompleted, progressPullQueryOptions, recordVisit, savePosition, useCourseProgress } from '../api/progress';
import { chapterNumber } from '../model/progress';
import { ChapterTasks } from './ChapterTasks';
import * as styles from './ChapterViewer.css';
import * as c from './course.css';
import { CourseNotFound, Loading } from './CourseDashboard';
import { CourseSidebar } from './CourseSidebar';
import { SyncStatus } from './SyncStatus';
import { VideoPlayer } from './VideoPlayer';
import * as video from './VideoPlayer.css';

/** /course/$courseSlug/chapter/$chapterId: video, text, tasks and the course outline. */
export function ChapterViewer({ courseSlug, chapterId }: { courseSlug: string; chapterId: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const course = useQuery(courseQueryOptions(courseSlug));
  const courseId = course.data?.id ?? '';
  const outline = useQuery({ ...outlineQueryOptions(courseId), enabled: !!courseId });
  const tasks = useQuery({ ...tasksQueryOptions(courseId), enabled: !!courseId });
  const enrollment = useEnrollment(user?.id, courseId || undefined);
  const accessible = !!enrollment.data || user?.role === 'admin';
  const inOutline = outline.data?.some((ch) => ch.id === chapterId) ?? false;
  const chapter = useQuery({ ...chapterQueryOptions(user?.id ?? '', chapterId), enabled: !!user && accessible && inOutline });
  // Offline with neither network nor mirror: the downloaded snapshot of this chapter, if any.
  const downloaded = useQuery({
    queryKey: ['me', user?.id ?? '', 'downloaded-chapter', chapterId],
    queryFn: () => offlineChapterData(user?.id ?? '', chapterId),
    enabled: !!user && (chapter.isError || tasks.isError),
    networkMode: 'always',
  });
  useQuery({ ...progressPullQueryOptions(user?.id ?? '', courseId), enabled: !!user && !!courseId && accessible });
  const progress = useCourseProgress(user?.id, courseId || undefined);

  // Progress is kept only for enrolled learners (an admin browsing the course has none).
  const enrolled = !!enrollment.data;
  const ref = useMemo<ChapterRef | undefined>(
    () => (user && courseId && enrolled ? { userId: user.id, courseId, chapterId } : undefined),
    [user, courseId, chapterId, enrolled],
  );

  // Opening the chapter marks it visited (saved on the device, synced later).
  useEffect(() => {
    if (ref && accessible && inOutline) void recordVisit(ref).catch((err) => console.error('[progress] visit not saved', err));
  }, [ref, accessible, inOutline]);

  if (course.isError || course.data === null) return <CourseNotFound />;
  if (!course.data || !outline.data || enrollment.isPending || !progress) return <Loading />;

  const chapters = outline.data;
  const index = chapters.findIndex((ch) => ch.id === chapterId);
  if (index < 0) {
    return (
      <div className={`${container} ${c.center}`}>
        <h1 className={c.title}>Chapter Not Found</h1>
        <Link to="/course/$slug" params={{ slug: courseSlug }} className={button({ tone: 'solid' })}>
          Back to Course
        </Link>
      </div>
    );
  }
  if (!accessible) {
    return (
      <div className={`${container} ${c.center}`}>
        <h1 className={c.title}>Chapter Locked</h1>
        <p className={c.muted}>You need to enroll in this course to access this chapter.</p>
        <Link to="/course/$slug/enroll" params={{ slug: courseSlug }} className={button({ tone: 'solid' })}>
          Enroll Now
        </Link>
      </div>
    );
  }

  const outlineEntry = chapters[index] as (typeof chapters)[number];
  const prev = chapters[index - 1];
  const next = chapters[index + 1];
  const mine = progress.chapters.get(chapterId);
  const completed = new Set([...progress.chapters.values()].filter((p) => p.completed).map((p) => p.chapter_id));
  const isCompleted = completed.has(chapterId);
  const snapshot = downloaded.data;
  const chapterTasks = (tasks.data ?? (snapshot?.tasks as CourseTasksRecord[] | undefined) ?? []).filter((t) => t.chapter_id === chapterId);
  const data = chapter.data ?? (snapshot?.chapter as unknown as CourseModulesRecord | undefined);
  const go = (id: string) => void navigate({ to: '/course/$courseSlug/chapter/$chapterId', params: { courseSlug, chapterId: id } });

  return (
    <div className={`${container} ${c.page}`}>
      <div className={c.between}>
        <Link to="/course/$slug" params={{ slug: courseSlug }} className={styles.back}>
          ← Back to course
        </Link>
        <SyncStatus />
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          {data ? (
            data.video ? (
              <VideoPlayer
                key={data.id}
                userId={user?.id ?? ''}
                chapter={data}
                startAt={mine?.position_seconds ?? 0}
                onPosition={(s) => ref && void savePosition(ref, s).catch((err) => console.error('[progress] position not saved', err))}
                onEnded={(d) => ref && void markCompleted(ref, d).catch((err) => console.error('[progress] completion not saved', err))}
              />
            ) : (
              <div className={video.placeholder}>Video coming soon</div>
            )
          ) : chapter.isError && !downloaded.isPending ? (
            <div className={video.placeholder}>This chapter is not available offline yet.</div>
          ) : (
            <div className={video.placeholder} aria-busy="true">
              Loading…
            </div>
          )}
          <div className={c.row}>
            <span className={c.badge}>Chapter {chapterNumber(outlineEntry.sort_order)}</span>
            {isCompleted ? <span className={c.badgeDone}>Completed</span> : null}
          </div>
          <h1 className={c.title}>{data?.title ?? outlineEntry.title}</h1>
          <p className={c.muted}>{data?.description ?? outlineEntry.description}</p>
          {/* Plain text: rendered as text, never as HTML. */}
          {data?.content ? <div className={c.prose}>{data.content}</div> : null}
          {user && data ? (
            <DownloadButton userId={user.id} courseId={courseId} chapters={[{ ...data }]} tasksByChapter={{ [chapterId]: chapterTasks }} scope="chapter" />
          ) : null}
          {!isCompleted && ref ? (
            <div>
              <button type="button" className={button({ tone: 'outline', size: 'sm' })} onClick={() => void markCompleted(ref)}>
                Mark chapter as complete
              </button>
            </div>
          ) : null}
          {ref ? <ChapterTasks chapterRef={ref} tasks={chapterTasks} ticks={progress.tasks} /> : null}
          <nav className={c.between} aria-label="Chapters">
            <button type="button" className={button({ tone: 'outline' })} disabled={!prev} onClick={() => prev && go(prev.id)}>
              Previous Chapter
            </button>
            <button type="button" className={button({ tone: 'solid' })} disabled={!next} onClick={() => next && go(next.id)}>
              Next Chapter
            </button>
          </nav>
        </div>
        <CourseSidebar courseSlug={courseSlug} chapters={chapters} currentId={chapterId} completed={completed} accessible={accessible} />
      </div>
    </div>
  );
}
