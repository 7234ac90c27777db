// The learner's home pages (/my-courses, /downloads) open offline even when they were never
// visited on this device: whenever the app starts or comes back online with a signed-in
// learner, the reads those pages start are made once, and their answers go to the mirror.
import type { QueryClient } from '@tanstack/react-query';
import { lessonsQueryOptions, myEnrollmentsQueryOptions, tasksQueryOptions } from './course';
import { downloadableCoursesQueryOptions } from './downloadable-courses';

/** Fills the device's copy of what /my-courses and /downloads read. Failures wait for the next start. */
export async function mirrorLearnerHome(queryClient: QueryClient, userId: string): Promise<void> {
  const [enrollments] = await Promise.all([
    queryClient.fetchQuery(myEnrollmentsQueryOptions(userId)),
    queryClient.prefetchQuery(downloadableCoursesQueryOptions(userId)),
  ]);
  await Promise.all(
    enrollments.flatMap(({ course_id: courseId }) => [
      queryClient.prefetchQuery(lessonsQueryOptions(courseId)),
      queryClient.prefetchQuery(tasksQueryOptions(courseId)),
    ]),
  );
}
