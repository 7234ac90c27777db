import { createFileRoute } from '@tanstack/react-router';
import { downloadableCoursesQueryOptions } from '@/features/course/api/downloadable-courses';
import { DownloadsPage } from '@/features/course/components/DownloadsPage';
import { PageHead } from '@/ui/page-head/PageHead';

/** Offline downloads of the signed-in learner (the `_authed` layout guards it). */
export const Route = createFileRoute('/_authed/downloads')({
  // What is stored on the device shows at once; the course list says in place if it fails.
  loader: ({ context: { queryClient, user } }) => {
    void queryClient.prefetchQuery(downloadableCoursesQueryOptions(user.id));
  },
  component: DownloadsRoute,
});

function DownloadsRoute() {
  const { user } = Route.useRouteContext();
  return (
    <>
      <PageHead title="Offline downloads" />
      <DownloadsPage userId={user.id} />
    </>
  );
}
