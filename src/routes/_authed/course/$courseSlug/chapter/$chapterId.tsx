import { createFileRoute } from '@tanstack/react-router';
import { loadChapterPage } from '@/features/course/api/page-loaders';
import { ChapterViewer } from '@/features/course/components/ChapterViewer';
import { CourseNotFound, missingOnDevice, NotOnDevice } from '@/features/course/components/CourseStatus';

export const Route = createFileRoute('/_authed/course/$courseSlug/chapter/$chapterId')({
  loader: ({ context: { queryClient, user }, params }) =>
    loadChapterPage(queryClient, user, params.courseSlug, params.chapterId),
  notFoundComponent: () => <CourseNotFound />,
  errorComponent: ({ error }) => (missingOnDevice(error) ? <NotOnDevice what="chapter" /> : <CourseNotFound />),
  component: ChapterRoute,
});

function ChapterRoute() {
  const { courseSlug, chapterId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <ChapterViewer user={user} courseSlug={courseSlug} chapterId={chapterId} />;
}
