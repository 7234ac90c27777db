import { createFileRoute } from '@tanstack/react-router';
import { loadEnrollPage } from '@/features/course/api/page-loaders';
import { EnrollCourseUnavailable } from '@/features/course/components/CourseStatus';
import { EnrollPage } from '@/features/course/components/EnrollPage';
import { PageHead } from '@/ui/page-head/PageHead';

export const Route = createFileRoute('/_authed/course/$slug/enroll')({
  loader: ({ context: { queryClient, user }, params }) => loadEnrollPage(queryClient, user, params.slug),
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
