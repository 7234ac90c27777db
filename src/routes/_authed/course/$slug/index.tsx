import { createFileRoute } from '@tanstack/react-router';
import { CourseDashboard } from '@/features/course/components/CourseDashboard';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/_authed/course/$slug/')({
  component: DashboardRoute,
});

function DashboardRoute() {
  const { slug } = Route.useParams();
  return (
    <>
      <PageHead title="Course" />
      <CourseDashboard slug={slug} />
    </>
  );
}
