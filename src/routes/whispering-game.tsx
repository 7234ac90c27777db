import { createFileRoute } from '@tanstack/react-router';
import { CourseLanding } from '@/features/course/components/CourseLanding';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/whispering-game')({
  component: () => (
    <>
      <PageHead title="The Whispering Game" description="The Whispering Game: an online creativity and sketching course by the artist. Ten video chapters, tasks and a compendium." />
      <CourseLanding />
    </>
  ),
});
