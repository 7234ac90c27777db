import { createFileRoute } from '@tanstack/react-router';
import { SignOutButton } from '@/features/auth/components/SignOutButton';
import { loadMyCourses } from '@/features/course/api/page-loaders';
import { MyCourses } from '@/features/course/components/MyCourses';
import { PageHead } from '@/ui/page-head/PageHead';

export const Route = createFileRoute('/_authed/my-courses')({
  loader: ({ context: { queryClient, user } }) => loadMyCourses(queryClient, user),
  component: MyCoursesRoute,
});

function MyCoursesRoute() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHead title="My Courses" />
      <MyCourses user={user} actions={<SignOutButton />} />
    </>
  );
}
