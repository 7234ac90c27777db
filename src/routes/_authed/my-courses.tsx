import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { signOut } from '@/features/auth/api/sign-out';
import { lessonsQueryOptions, myEnrollmentsQueryOptions, tasksQueryOptions } from '@/features/course/api/course';
import { progressPullQueryOptions } from '@/features/course/api/progress-pull';
import { MyCourses } from '@/features/course/components/MyCourses';
import { PageHead } from '@/features/site/components/PageHead';
import { loadMirrored } from '@/lib/offline/mirrored-query';

const ignore = () => undefined;

export const Route = createFileRoute('/_authed/my-courses')({
  loader: async ({ context: { queryClient, user } }) => {
    const enrollments = await loadMirrored(queryClient, myEnrollmentsQueryOptions(user.id));
    // Each card's reads start together; a card whose lessons cannot be read still shows.
    await Promise.all(
      enrollments.flatMap(({ course_id: courseId }) => {
        void queryClient.prefetchQuery(progressPullQueryOptions(user.id, courseId));
        return [loadMirrored(queryClient, lessonsQueryOptions(courseId)).catch(ignore), loadMirrored(queryClient, tasksQueryOptions(courseId)).catch(ignore)];
      }),
    );
  },
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
