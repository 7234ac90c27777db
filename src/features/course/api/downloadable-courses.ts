import { Collections } from '@/lib/contract/contract.gen';
import { userMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import { sessionUserId } from '@/lib/pocketbase/session';
import type { CourseModulesRecord, CoursesRecord } from '@/lib/pocketbase/types.gen';
import { downloadableMirrorKey, forgetCoursesBut } from './course-access';
import { courseKeys } from './keys';
import type { DownloadableChapter } from './offline-copies';

export interface DownloadableCourse {
  id: string;
  title: string;
  chapters: DownloadableChapter[];
}

type ChapterWithCourse = CourseModulesRecord & { expand?: { course_id?: Pick<CoursesRecord, 'id' | 'title'> } };

/**
 * The chapters this learner may read (the chapter view rule: enrolled or admin), grouped by
 * course: what the downloads page can offer. The course pages pass their own records instead.
 * Mirrored, so the downloads page opens offline with its list (the app fills it on start).
 */
export const downloadableCoursesQueryOptions = (userId: string) =>
  mirroredQueryOptions({
    queryKey: courseKeys.downloadable(userId),
    learner: true,
    mirror: userMirror<DownloadableCourse[]>(userId, downloadableMirrorKey(userId)),
    remote: async (): Promise<DownloadableCourse[]> => {
      const chapters = await pb.collection(Collections.CourseModules).getFullList<ChapterWithCourse>({
        sort: 'course_id,sort_order',
        expand: 'course_id',
        fields:
          'id,collectionId,collectionName,course_id,title,sort_order,video,duration_seconds,content,expand.course_id.id,expand.course_id.title',
      });
      const byCourse = new Map<string, DownloadableCourse>();
      for (const c of chapters) {
        const course = byCourse.get(c.course_id) ?? {
          id: c.course_id,
          title: c.expand?.course_id?.title ?? 'Course',
          chapters: [],
        };
        const { expand: _expand, ...chapter } = c;
        course.chapters.push(chapter as unknown as DownloadableChapter);
        byCourse.set(c.course_id, course);
      }
      // the whole answer of what this learner may read: courses kept here and not in it go
      if (sessionUserId() === userId) await forgetCoursesBut(userId, byCourse.keys());
      return [...byCourse.values()];
    },
  });
