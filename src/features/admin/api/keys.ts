/** Query keys of the admin page (online-only data: never mirrored in Dexie). */
export const adminKeys = {
  all: ['admin'] as const,
  courses: () => [...adminKeys.all, 'courses'] as const,
  chapters: (courseId: string) => [...adminKeys.all, 'chapters', courseId] as const,
};
