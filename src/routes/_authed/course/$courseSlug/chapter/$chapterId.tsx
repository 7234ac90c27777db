import { createFileRoute } from '@tanstack/react-router';
import { ChapterViewer } from '@/features/course/components/ChapterViewer';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/_authed/course/$courseSlug/chapter/$chapterId')({
  component: ChapterRoute,
});

function ChapterRoute() {
  const { courseSlug, chapterId } = Route.useParams();
  return (
    <>
      <PageHead title="Chapter" />
      <ChapterViewer courseSlug={courseSlug} chapterId={chapterId} />
    </>
  );
}
