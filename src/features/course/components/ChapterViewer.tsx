import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { CourseOutlineRecord, UsersRecord } from '@/lib/pocketbase/types.gen';
import { container } from '@/styles/utils.css';
import { button } from '@/ui/button/button.css';
import { PageHead } from '@/ui/page-head/PageHead';
import {
  chapterQueryOptions,
  enrollmentQueryOptions,
  outlineQueryOptions,
  tasksQueryOptions,
  useCourse,
} from '../api/course';
import {
  type ChapterRef,
  type CourseProgress,
  markCompleted,
  recordVisit,
  savePosition,
  useCourseProgress,
} from '../api/progress';
import { useProgressPull } from '../api/progress-pull';
import { chapterBody, chapterNumber } from '../model/progress';
import { ChapterTasks } from './ChapterTasks';
import * as styles from './ChapterViewer.css';
import * as c from './course.css';
import { CourseSidebar } from './CourseSidebar';
import { Loading } from './CourseStatus';
import { DownloadButton } from './DownloadButton';
import { SyncStatus } from './SyncStatus';
import { VideoPlayer } from './VideoPlayer';
import * as video from './VideoPlayer.css';

/** /course/$courseSlug/chapter/$chapterId: video, text, tasks and the course outline. */
export function ChapterViewer({
  user,
  courseSlug,
  chapterId,
}: {
  user: UsersRecord;
  courseSlug: string;
  chapterId: string;
}) {
  const course = useCourse(courseSlug);
  const courseId = course.id;
  const { data: chapters } = useSuspenseQuery(outlineQueryOptions(courseId));
  // Unknown (offline, never read) counts as not enrolled, as the server would answer.
  const enrollment = useQuery(enrollmentQueryOptions(user.id, courseId));
  const accessible = !!enrollment.data || user.role === 'admin';
  const progress = useCourseProgress(user.id, courseId);

  const index = chapters.findIndex((ch) => ch.id === chapterId);
  if (index < 0) {
    return (
      <div className={`${container} ${c.center}`}>
        <PageHead title={`Chapter Not Found — ${course.title}`} />
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
        <PageHead title={`Chapter Locked — ${course.title}`} />
        <h1 className={c.title}>Chapter Locked</h1>
        <p className={c.muted}>You need to enroll in this course to access this chapter.</p>
        <Link to="/course/$slug/enroll" params={{ slug: courseSlug }} className={button({ tone: 'solid' })}>
          Enroll Now
        </Link>
      </div>
    );
  }
  // The tab names the chapter and the course; the page waits for the device's progress (a moment).
  const head = <PageHead title={`${chapters[index]?.title ?? 'Chapter'} — ${course.title}`} />;
  if (!progress)
    return (
      <>
        {head}
        <Loading />
      </>
    );
  // Progress is kept only for enrolled learners (an admin browsing the course has none).
  return (
    <>
      {head}
      <OpenChapter
        user={user}
        courseSlug={courseSlug}
        courseId={courseId}
        chapters={chapters}
        index={index}
        progress={progress}
        enrolled={!!enrollment.data}
      />
    </>
  );
}

interface OpenChapterProps {
  user: UsersRecord;
  courseSlug: string;
  courseId: string;
  chapters: CourseOutlineRecord[];
  index: number;
  progress: CourseProgress;
  enrolled: boolean;
}

/** A chapter the learner may open: its record (text, video) and tasks, read by the route loader. */
function OpenChapter({ user, courseSlug, courseId, chapters, index, progress, enrolled }: OpenChapterProps) {
  const navigate = useNavigate();
  const outlineEntry = chapters[index] as CourseOutlineRecord;
  const chapterId = outlineEntry.id;
  // The chapter and the task list each show their own state in place (offline without a copy).
  const chapter = useQuery(chapterQueryOptions(user.id, chapterId));
  const tasks = useQuery(tasksQueryOptions(courseId));
  useProgressPull(user.id, courseId);

  const ref = useMemo<ChapterRef | undefined>(
    () => (enrolled ? { userId: user.id, courseId, chapterId } : undefined),
    [user.id, courseId, chapterId, enrolled],
  );

  // Opening the chapter marks it visited (saved on the device, synced later).
  useEffect(() => {
    if (ref) void recordVisit(ref).catch((err) => console.error('[progress] visit not saved', err));
  }, [ref]);

  const prev = chapters[index - 1];
  const next = chapters[index + 1];
  const mine = progress.chapters.get(chapterId);
  const completed = new Set([...progress.chapters.values()].filter((p) => p.completed).map((p) => p.chapter_id));
  const isCompleted = completed.has(chapterId);
  const chapterTasks = (tasks.data ?? []).filter((t) => t.chapter_id === chapterId);
  const data = chapter.data;
  const go = (id: string) =>
    void navigate({ to: '/course/$courseSlug/chapter/$chapterId', params: { courseSlug, chapterId: id } });

  return (
    <div className={`${container} ${c.page}`}>
      <div className={c.between}>
        <Link to="/course/$slug" params={{ slug: courseSlug }} className={styles.back}>
          ← Back to course
        </Link>
        <SyncStatus userId={user.id} />
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          {data ? (
            data.video ? (
              <VideoPlayer
                key={data.id}
                userId={user.id}
                chapter={data}
                startAt={mine?.position_seconds ?? 0}
                onPosition={(s) =>
                  ref && void savePosition(ref, s).catch((err) => console.error('[progress] position not saved', err))
                }
                onEnded={(d) =>
                  ref &&
                  void markCompleted(ref, d).catch((err) => console.error('[progress] completion not saved', err))
                }
              />
            ) : (
              <div className={video.placeholder}>Video coming soon</div>
            )
          ) : chapter.isError ? (
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
          {/* Plain text: rendered as text, never as HTML; its lead sentence is shown once, above. */}
          {data?.content ? (
            <div className={c.prose}>{chapterBody(data.content, data.description ?? outlineEntry.description)}</div>
          ) : null}
          {data ? (
            <DownloadButton
              userId={user.id}
              courseId={courseId}
              chapters={[{ ...data }]}
              tasksByChapter={{ [chapterId]: chapterTasks }}
              scope="chapter"
            />
          ) : null}
          {!isCompleted && ref ? (
            <div>
              <button
                type="button"
                className={button({ tone: 'outline', size: 'sm' })}
                onClick={() => void markCompleted(ref)}
              >
                Mark chapter as complete
              </button>
            </div>
          ) : null}
          {ref ? <ChapterTasks chapterRef={ref} tasks={chapterTasks} ticks={progress.tasks} /> : null}
          <nav className={c.between} aria-label="Chapters">
            <button
              type="button"
              className={button({ tone: 'outline' })}
              disabled={!prev}
              onClick={() => prev && go(prev.id)}
            >
              Previous Chapter
            </button>
            <button
              type="button"
              className={button({ tone: 'solid' })}
              disabled={!next}
              onClick={() => next && go(next.id)}
            >
              Next Chapter
            </button>
          </nav>
        </div>
        <CourseSidebar
          userId={user.id}
          courseId={courseId}
          courseSlug={courseSlug}
          chapters={chapters}
          currentId={chapterId}
          completed={completed}
          accessible
        />
      </div>
    </div>
  );
}
