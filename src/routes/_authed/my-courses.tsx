import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { MyCourses } from '@/features/course/components/MyCourses';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/_authed/my-courses')({
  component: MyCoursesRoute,
});

function MyCoursesRoute() {
  const queryClient = useQueryClient();
  return (
    <>
      <PageHead title="My Courses" />
      <MyCourses onSignOut={() => signOut(queryClient)} />
    </>
  );
}
