// Query keys. Learner data lives under ['me', userId, ...] so sign-out drops it in one go.
export const courseKeys = {
  course: (slug: string) => ['courses', 'by-slug', slug] as const,
  outline: (courseId: string) => ['course_outline', courseId] as const,
  lessons: (courseId: string) => ['course_lessons', courseId] as const,
  tasks: (courseId: string) => ['course_tasks', courseId] as const,
  enrollment: (userId: string, courseId: string) => ['me', userId, 'enrollment', courseId] as const,
  enrollments: (userId: string) => ['me', userId, 'enrollments'] as const,
  chapter: (userId: string, chapterId: string) => ['me', userId, 'chapter', chapterId] as const,
  chapters: (userId: string, courseId: string) => ['me', userId, 'chapters', courseId] as const,
  progressPull: (userId: string, courseId: string) => ['me', userId, 'progress-pull', courseId] as const,
};
