import { Collections } from '@/lib/contract/contract.gen';
import { OWN_DATA_KEY } from '@/lib/pocketbase/session';

// Query keys. A learner's own data lives under OWN_DATA_KEY + userId, so signing in refreshes
// all of it in one go.
export const courseKeys = {
  course: (slug: string) => [Collections.Courses, 'by-slug', slug] as const,
  outline: (courseId: string) => [Collections.CourseOutline, courseId] as const,
  lessons: (courseId: string) => [Collections.CourseLessons, courseId] as const,
  tasks: (courseId: string) => [Collections.CourseTasks, courseId] as const,
  enrollment: (userId: string, courseId: string) => [...OWN_DATA_KEY, userId, 'enrollment', courseId] as const,
  enrollments: (userId: string) => [...OWN_DATA_KEY, userId, 'enrollments'] as const,
  chapter: (userId: string, chapterId: string) => [...OWN_DATA_KEY, userId, 'chapter', chapterId] as const,
  chapters: (userId: string, courseId: string) => [...OWN_DATA_KEY, userId, 'chapters', courseId] as const,
  progressPull: (userId: string, courseId: string) => [...OWN_DATA_KEY, userId, 'progress-pull', courseId] as const,
  downloadable: (userId: string) => [...OWN_DATA_KEY, userId, 'downloadable-courses'] as const,
  compendium: (userId: string, courseId: string) => [...OWN_DATA_KEY, userId, 'compendium', courseId] as const,
  certificate: (userId: string, courseId: string) => [...OWN_DATA_KEY, userId, 'certificate', courseId] as const,
};
