import { queryOptions } from '@tanstack/react-query';
import { Collections } from '@/lib/contract/contract.gen';
import { pb } from '@/lib/pocketbase/client';
import type { CourseModulesRecord } from '@/lib/pocketbase/types.gen';
import { adminKeys } from './keys';

export type AdminChapter = Pick<
  CourseModulesRecord,
  | 'id'
  | 'collectionId'
  | 'collectionName'
  | 'course_id'
  | 'title'
  | 'sort_order'
  | 'video'
  | 'duration_seconds'
  | 'content'
  | 'updated'
>;

const FIELDS = 'id,collectionId,collectionName,course_id,title,sort_order,video,duration_seconds,content,updated';

/** A course's chapters in order, with video and text (admins pass the view rule). */
export const adminChaptersQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: adminKeys.chapters(courseId),
    queryFn: () =>
      pb.collection(Collections.CourseModules).getFullList<AdminChapter>({
        filter: pb.filter('course_id = {:courseId}', { courseId }),
        sort: 'sort_order',
        fields: FIELDS,
      }),
  });
