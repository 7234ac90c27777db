import { useSuspenseQuery } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { Collections } from '@/lib/contract/contract.gen';
import { db } from '@/lib/offline/db';
import { listMirror, type Mirror, recordMirror, userMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import { currentUser, sessionUserId } from '@/lib/pocketbase/session';
import type {
  CourseEnrollmentsRecord,
  CourseLessonsRecord,
  CourseModulesRecord,
  CourseOutlineRecord,
  CoursesRecord,
  CourseTasksRecord,
} from '@/lib/pocketbase/types.gen';
import { forgetCourse } from './course-access';
import { courseKeys } from './keys';
import { offlineChapterData } from './offline-copies';

/** A published course by slug (only published ones are visible to learners); null when there is none. */
export const courseQueryOptions = (slug: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.course(slug),
    remote: async () =>
      (
        await pb.collection(Collections.Courses).getList<CoursesRecord>(1, 1, {
          filter: pb.filter('slug = {:slug} && is_published = true', { slug }),
          skipTotal: true,
        })
      ).items[0] ?? null,
    mirror: recordMirror({ key: `courses:slug:${slug}`, table: db.courses }),
  });

/**
 * A course page's course, as its route loader left it in the cache. A course that does not
 * exist (or stopped being published) shows the route's not-found screen.
 */
export function useCourse(slug: string): CoursesRecord {
  const { data } = useSuspenseQuery(courseQueryOptions(slug));
  if (!data) throw notFound();
  return data;
}

/** The public chapter list (no texts, no videos), in order. */
export const outlineQueryOptions = (courseId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.outline(courseId),
    remote: () =>
      pb.collection(Collections.CourseOutline).getFullList<CourseOutlineRecord>({
        filter: pb.filter('course_id = {:c}', { c: courseId }),
        sort: 'sort_order',
      }),
    mirror: listMirror({ key: `course_outline:${courseId}`, table: db.course_outline, mode: 'upsert' }),
  });

export const lessonsQueryOptions = (courseId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.lessons(courseId),
    remote: () =>
      pb.collection(Collections.CourseLessons).getFullList<CourseLessonsRecord>({
        filter: pb.filter('course_id = {:c}', { c: courseId }),
        sort: 'sort_order',
      }),
    mirror: listMirror({ key: `course_lessons:${courseId}`, table: db.course_lessons, mode: 'upsert' }),
  });

/** Where a course's task list is mirrored (also written by offline downloads). */
export const tasksMirror = (courseId: string) =>
  listMirror({ key: `course_tasks:${courseId}`, table: db.course_tasks, mode: 'upsert' });

export const tasksQueryOptions = (courseId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.tasks(courseId),
    remote: () =>
      pb
        .collection(Collections.CourseTasks)
        .getFullList<CourseTasksRecord>({ filter: pb.filter('course_id = {:c}', { c: courseId }), sort: 'sort_order' }),
    mirror: tasksMirror(courseId),
  });

/** The learner's enrolment in a course, or null. */
export const enrollmentQueryOptions = (userId: string, courseId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.enrollment(userId, courseId),
    learner: true,
    remote: async () => {
      const enrolment =
        (
          await pb.collection(Collections.CourseEnrollments).getList<CourseEnrollmentsRecord>(1, 1, {
            filter: pb.filter('user_id = {:u} && course_id = {:c}', { u: userId, c: courseId }),
            skipTotal: true,
          })
        ).items[0] ?? null;
      // no longer enrolled (refunded): what the device keeps of the course goes (admins read without one)
      if (!enrolment && sessionUserId() === userId && currentUser()?.role !== 'admin')
        await forgetCourse(userId, courseId);
      return enrolment;
    },
    mirror: userMirror<CourseEnrollmentsRecord | null>(userId, `enrollment:${userId}:${courseId}`),
  });

export type EnrollmentWithCourse = CourseEnrollmentsRecord & { expand?: { course_id?: CoursesRecord } };

/** The learner's enrolments, newest first, with their course. */
export const myEnrollmentsQueryOptions = (userId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.enrollments(userId),
    learner: true,
    remote: () =>
      pb.collection(Collections.CourseEnrollments).getFullList<EnrollmentWithCourse>({
        filter: pb.filter('user_id = {:u}', { u: userId }),
        sort: '-enrolled_at',
        expand: 'course_id',
      }),
    mirror: userMirror<EnrollmentWithCourse[]>(userId, `enrollments:${userId}`),
  });

/**
 * Where a learner's copy of one chapter is mirrored (also written by offline downloads). A
 * chapter downloaded on this device answers from its download snapshot when the mirror
 * holds nothing.
 */
export function chapterMirror(userId: string, chapterId: string): Mirror<CourseModulesRecord | null> {
  const mirror = userMirror<CourseModulesRecord | null>(userId, `chapter:${userId}:${chapterId}`);
  return {
    write: mirror.write,
    async read() {
      const saved = await mirror.read();
      if (saved !== undefined) return saved;
      const downloaded = await offlineChapterData(userId, chapterId);
      return (downloaded?.chapter as unknown as CourseModulesRecord | undefined) ?? undefined;
    },
  };
}

/** A chapter with its text and video (enrolled learners and admins only). */
export const chapterQueryOptions = (userId: string, chapterId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.chapter(userId, chapterId),
    learner: true,
    remote: () => pb.collection(Collections.CourseModules).getOne<CourseModulesRecord>(chapterId),
    mirror: chapterMirror(userId, chapterId),
  });

/** Every chapter of a course with text and video, in order (for "download the whole course"). */
export const chaptersQueryOptions = (userId: string, courseId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.chapters(userId, courseId),
    learner: true,
    remote: () =>
      pb.collection(Collections.CourseModules).getFullList<CourseModulesRecord>({
        filter: pb.filter('course_id = {:c}', { c: courseId }),
        sort: 'sort_order',
      }),
    mirror: userMirror<CourseModulesRecord[]>(userId, `chapters:${userId}:${courseId}`),
  });
