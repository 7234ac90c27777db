import { queryOptions } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { pb } from '@/lib/pocketbase/client';
import type { CoursesRecord } from '@/lib/pocketbase/types.gen';
import { adminKeys } from './keys';

export type AdminCourse = Pick<CoursesRecord, 'id' | 'title' | 'slug'>;

/** Every course the admin may manage (published or not), ordered by title. */
export const adminCoursesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.courses(),
    queryFn: () =>
      pb.collection(Collections.Courses).getFullList<AdminCourse>({ sort: 'title', fields: 'id,title,slug' }),
    staleTime: 60_000,
  });
