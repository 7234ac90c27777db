import { createFileRoute } from '@tanstack/react-router';
import { EnrollPage } from '@/features/course/components/EnrollPage';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/_authed/course/$slug/enroll')({
  component: EnrollRoute,
});

function EnrollRoute() {
  const { slug } = Route.useParams();
  return (
    <>
      <PageHead title="Enroll" />
      <EnrollPage slug={slug} />
    </>
  );
}
