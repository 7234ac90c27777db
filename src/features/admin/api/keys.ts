import { Collections } from '@/lib/contract/contract.gen';

/** Query keys of the admin page (online-only data: never mirrored in Dexie). */
export const adminKeys = {
  all: ['admin'] as const,
  courses: () => [...adminKeys.all, Collections.Courses] as const,
  chapters: (courseId: string) => [...adminKeys.all, 'chapters', courseId] as const,
};
