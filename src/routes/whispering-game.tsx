import { createFileRoute } from '@tanstack/react-router';
import { courseQueryOptions, lessonsQueryOptions, outlineQueryOptions } from '@/features/course/api/course';
import { CourseLanding } from '@/features/course/components/CourseLanding';
import { PageHead } from '@/features/site/components/PageHead';
import { COURSE_SLUG } from '@/lib/contract/contract.gen';
import { loadMirrored } from '@/lib/offline/mirrored-query';

const ignore = () => undefined;

export const Route = createFileRoute('/whispering-game')({
  // The curriculum comes with the page (no shift when it arrives). The page has fixed texts
  // for anything that cannot be read, so a failure here is never an error screen.
  loader: async ({ context: { queryClient } }) => {
    const course = await loadMirrored(queryClient, courseQueryOptions(COURSE_SLUG)).catch(ignore);
    if (!course) return;
    await Promise.all([
      loadMirrored(queryClient, outlineQueryOptions(course.id)).catch(ignore),
      loadMirrored(queryClient, lessonsQueryOptions(course.id)).catch(ignore),
    ]);
  },
  component: () => (
    <>
      <PageHead title="The Whispering Game" description="The Whispering Game: an online creativity and sketching course by the artist. Ten video chapters, tasks and a compendium." />
      <CourseLanding />
    </>
  ),
});
