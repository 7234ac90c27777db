// What each course page loads before it renders, for its route's loader. Every read uses the
// same query options the page's components read; reads start as soon as their ids are known.
// What a page cannot render without is awaited; sections that say in place when they are
// missing (downloads, tasks, the progress pull) start here and fill in when they arrive.
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { COURSE_SLUG } from '@/lib/contract/contract.gen';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import type { UsersRecord } from '@/lib/pocketbase/types.gen';
import {
  chapterQueryOptions,
  chaptersQueryOptions,
  courseQueryOptions,
  enrollmentQueryOptions,
  lessonsQueryOptions,
  myEnrollmentsQueryOptions,
  outlineQueryOptions,
  tasksQueryOptions,
} from './course';
import { progressPullQueryOptions } from './progress-pull';

const ignore = () => undefined;

/** The published course, or the route's not-found screen. */
async function publishedCourse(queryClient: QueryClient, slug: string) {
  const course = await loadMirrored(queryClient, courseQueryOptions(slug));
  if (!course) throw notFound();
  return course;
}

/** /course/$slug: once the course id is known, every other read starts at once. */
export async function loadCourseDashboard(queryClient: QueryClient, user: UsersRecord, slug: string): Promise<void> {
  const course = await publishedCourse(queryClient, slug);
  void loadMirrored(queryClient, chaptersQueryOptions(user.id, course.id)).catch(ignore);
  void loadMirrored(queryClient, tasksQueryOptions(course.id)).catch(ignore);
  void queryClient.prefetchQuery(progressPullQueryOptions(user.id, course.id));
  await Promise.all([
    loadMirrored(queryClient, outlineQueryOptions(course.id)),
    // Unknown enrolment shows the course as not enrolled, not as an error.
    loadMirrored(queryClient, enrollmentQueryOptions(user.id, course.id)).catch(ignore),
  ]);
}

/**
 * /course/$courseSlug/chapter/$chapterId: the chapter's id is in the address, so its read
 * starts together with the course's. It may fail (not enrolled, offline without a copy); the
 * page then says so in place.
 */
export async function loadChapterPage(
  queryClient: QueryClient,
  user: UsersRecord,
  courseSlug: string,
  chapterId: string,
): Promise<void> {
  const chapter = loadMirrored(queryClient, chapterQueryOptions(user.id, chapterId)).catch(ignore);
  const course = await publishedCourse(queryClient, courseSlug);
  void loadMirrored(queryClient, tasksQueryOptions(course.id)).catch(ignore);
  void queryClient.prefetchQuery(progressPullQueryOptions(user.id, course.id));
  await Promise.all([
    loadMirrored(queryClient, outlineQueryOptions(course.id)),
    loadMirrored(queryClient, enrollmentQueryOptions(user.id, course.id)).catch(ignore),
    chapter,
  ]);
}

/** /course/$slug/enroll: unknown enrolment shows the page as for a learner who has not bought it. */
export async function loadEnrollPage(queryClient: QueryClient, user: UsersRecord, slug: string): Promise<void> {
  const course = await publishedCourse(queryClient, slug);
  await loadMirrored(queryClient, enrollmentQueryOptions(user.id, course.id)).catch(ignore);
}

/** /my-courses: each card's reads start together; a card whose lessons cannot be read still shows. */
export async function loadMyCourses(queryClient: QueryClient, user: UsersRecord): Promise<void> {
  const enrollments = await loadMirrored(queryClient, myEnrollmentsQueryOptions(user.id));
  await Promise.all(
    enrollments.flatMap(({ course_id: courseId }) => {
      void queryClient.prefetchQuery(progressPullQueryOptions(user.id, courseId));
      return [
        loadMirrored(queryClient, lessonsQueryOptions(courseId)).catch(ignore),
        loadMirrored(queryClient, tasksQueryOptions(courseId)).catch(ignore),
      ];
    }),
  );
}

/**
 * /whispering-game (public): the curriculum comes with the page, so nothing shifts when it
 * arrives. The page has fixed texts for anything that cannot be read: never an error screen.
 */
export async function loadCourseLanding(queryClient: QueryClient): Promise<void> {
  const course = await loadMirrored(queryClient, courseQueryOptions(COURSE_SLUG)).catch(ignore);
  if (!course) return;
  await Promise.all([
    loadMirrored(queryClient, outlineQueryOptions(course.id)).catch(ignore),
    loadMirrored(queryClient, lessonsQueryOptions(course.id)).catch(ignore),
  ]);
}
