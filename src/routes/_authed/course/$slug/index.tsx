import { createFileRoute, notFound } from '@tanstack/react-router';
import { chaptersQueryOptions, courseQueryOptions, enrollmentQueryOptions, outlineQueryOptions, tasksQueryOptions } from '@/features/course/api/course';
import { progressPullQueryOptions } from '@/features/course/api/progress-pull';
import { CourseDashboard } from '@/features/course/components/CourseDashboard';
import { CourseNotFound } from '@/features/course/components/CourseStatus';
import { PageHead } from '@/features/site/components/PageHead';
import { loadMirrored } from '@/lib/offline/mirrored-query';

const ignore = () => undefined;

export const Route = createFileRoute('/_authed/course/$slug/')({
  loader: async ({ context: { queryClient, user }, params }) => {
    const course = await loadMirrored(queryClient, courseQueryOptions(params.slug));
    if (!course) throw notFound();
    // Every other read needs only the course id: they all start now, side by side. The
    // download section and the progress pull fill in when they arrive.
    void loadMirrored(queryClient, chaptersQueryOptions(user.id, course.id)).catch(ignore);
    void loadMirrored(queryClient, tasksQueryOptions(course.id)).catch(ignore);
    void queryClient.prefetchQuery(progressPullQueryOptions(user.id, course.id));
    await Promise.all([
      loadMirrored(queryClient, outlineQueryOptions(course.id)),
      // Unknown enrolment shows the course as not enrolled, not as an error.
      loadMirrored(queryClient, enrollmentQueryOptions(user.id, course.id)).catch(ignore),
    ]);
  },
  notFoundComponent: () => <CourseNotFound notice={{ title: 'Course not found' }} />,
  errorComponent: () => <CourseNotFound notice={{ title: 'Failed to load course content', description: 'Failed to load course' }} />,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { slug } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHead title="Course" />
      <CourseDashboard user={user} slug={slug} />
    </>
  );
}
