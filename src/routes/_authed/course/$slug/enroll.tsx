import { createFileRoute, notFound } from '@tanstack/react-router';
import { courseQueryOptions, enrollmentQueryOptions } from '@/features/course/api/course';
import { EnrollCourseUnavailable } from '@/features/course/components/CourseStatus';
import { EnrollPage } from '@/features/course/components/EnrollPage';
import { PageHead } from '@/features/site/components/PageHead';
import { loadMirrored } from '@/lib/offline/mirrored-query';

export const Route = createFileRoute('/_authed/course/$slug/enroll')({
  loader: async ({ context: { queryClient, user }, params }) => {
    const course = await loadMirrored(queryClient, courseQueryOptions(params.slug));
    if (!course) throw notFound();
    // Unknown enrolment shows the page as for a learner who has not bought the course.
    await loadMirrored(queryClient, enrollmentQueryOptions(user.id, course.id)).catch(() => undefined);
  },
  notFoundComponent: () => <EnrollCourseUnavailable missing />,
  errorComponent: () => <EnrollCourseUnavailable missing={false} />,
  component: EnrollRoute,
});

function EnrollRoute() {
  const { slug } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHead title="Enroll" />
      <EnrollPage user={user} slug={slug} />
    </>
  );
}
