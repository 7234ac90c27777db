import { createFileRoute, notFound } from '@tanstack/react-router';
import { chapterQueryOptions, courseQueryOptions, enrollmentQueryOptions, outlineQueryOptions, tasksQueryOptions } from '@/features/course/api/course';
import { progressPullQueryOptions } from '@/features/course/api/progress-pull';
import { ChapterViewer } from '@/features/course/components/ChapterViewer';
import { CourseNotFound } from '@/features/course/components/CourseStatus';
import { PageHead } from '@/features/site/components/PageHead';
import { loadMirrored } from '@/lib/offline/mirrored-query';

const ignore = () => undefined;

export const Route = createFileRoute('/_authed/course/$courseSlug/chapter/$chapterId')({
  loader: async ({ context: { queryClient, user }, params: { courseSlug, chapterId } }) => {
    // The chapter's id is in the address: its read starts together with the course's. It may
    // fail (not enrolled, offline without a copy); the page then says so in place.
    const chapter = loadMirrored(queryClient, chapterQueryOptions(user.id, chapterId)).catch(ignore);
    const course = await loadMirrored(queryClient, courseQueryOptions(courseSlug));
    if (!course) throw notFound();
    void queryClient.prefetchQuery(progressPullQueryOptions(user.id, course.id));
    await Promise.all([
      loadMirrored(queryClient, outlineQueryOptions(course.id)),
      loadMirrored(queryClient, enrollmentQueryOptions(user.id, course.id)).catch(ignore),
      loadMirrored(queryClient, tasksQueryOptions(course.id)).catch(ignore),
      chapter,
    ]);
  },
  notFoundComponent: () => <CourseNotFound />,
  errorComponent: () => <CourseNotFound />,
  component: ChapterRoute,
});

function ChapterRoute() {
  const { courseSlug, chapterId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHead title="Chapter" />
      <ChapterViewer user={user} courseSlug={courseSlug} chapterId={chapterId} />
    </>
  );
}
