import { createFileRoute } from '@tanstack/react-router';
import { loadCourseDashboard } from '@/features/course/api/page-loaders';
import { CourseDashboard } from '@/features/course/components/CourseDashboard';
import { CourseNotFound, missingOnDevice, NotOnDevice } from '@/features/course/components/CourseStatus';

export const Route = createFileRoute('/_authed/course/$slug/')({
  loader: ({ context: { queryClient, user }, params }) => loadCourseDashboard(queryClient, user, params.slug),
  notFoundComponent: () => <CourseNotFound notice={{ title: 'Course not found' }} />,
  errorComponent: ({ error }) =>
    missingOnDevice(error) ? (
      <NotOnDevice what="course" />
    ) : (
      <CourseNotFound notice={{ title: 'Failed to load course content', description: 'Failed to load course' }} />
    ),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { slug } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <CourseDashboard user={user} slug={slug} />;
}
