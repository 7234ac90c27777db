import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { loadMyCourses } from '@/features/course/api/page-loaders';
import { MyCourses } from '@/features/course/components/MyCourses';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/_authed/my-courses')({
  loader: ({ context: { queryClient, user } }) => loadMyCourses(queryClient, user),
  component: MyCoursesRoute,
});

function MyCoursesRoute() {
  const queryClient = useQueryClient();
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHead title="My Courses" />
      <MyCourses user={user} onSignOut={() => signOut(queryClient)} />
    </>
  );
}
