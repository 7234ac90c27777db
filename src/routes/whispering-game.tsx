import { createFileRoute } from '@tanstack/react-router';
import { loadCourseLanding } from '@/features/course/api/page-loaders';
import { CourseLanding } from '@/features/course/components/CourseLanding';
import { PageHead } from '@/ui/page-head/PageHead';

export const Route = createFileRoute('/whispering-game')({
  loader: ({ context: { queryClient } }) => loadCourseLanding(queryClient),
  component: () => (
    <>
      <PageHead
        title="The Whispering Game"
        description="The Whispering Game: an online creativity and sketching course by the artist. Ten video chapters, tasks and a compendium."
      />
      <CourseLanding />
    </>
  ),
});
