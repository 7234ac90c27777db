import { createFileRoute } from '@tanstack/react-router';
import { adminChaptersQueryOptions } from '@/features/admin/api/chapters';
import { adminCoursesQueryOptions } from '@/features/admin/api/courses';
import { AdminVideosPage } from '@/features/admin/components/AdminVideosPage';
import { NotAuthorized } from '@/features/admin/components/NotAuthorized';
import { PageHead } from '@/ui/page-head/PageHead';

// A plain function, not zod: validateSearch stays in the entry chunk (zod would add ~20 kB gzip).
const validateSearch = (raw: Record<string, unknown>): { course?: string } =>
  typeof raw.course === 'string' && /^[a-z0-9]{15}$/.test(raw.course) ? { course: raw.course } : {};

/**
 * Admin role only. The `_authed` layout sends signed-out visitors to /auth and waits for the
 * session check, so the role read here is the server's (a demoted admin sees "Not
 * authorized"). The API rules are the real gate either way.
 */
export const Route = createFileRoute('/_authed/admin/videos')({
  validateSearch,
  loaderDeps: ({ search }) => ({ course: search.course }),
  // The page shows its own loading and failure texts: the loader starts the reads and does not
  // wait. With a course in the address both start at once; else the chapters follow the list.
  loader: ({ context: { queryClient, user }, deps }) => {
    if (user.role !== 'admin') return;
    const courses = queryClient.fetchQuery(adminCoursesQueryOptions()).catch(() => []);
    if (deps.course) void queryClient.prefetchQuery(adminChaptersQueryOptions(deps.course));
    else void courses.then((list) => list[0] && queryClient.prefetchQuery(adminChaptersQueryOptions(list[0].id)));
  },
  component: AdminVideosRoute,
});

function AdminVideosRoute() {
  const { course } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = Route.useRouteContext();
  if (user.role !== 'admin') {
    return (
      <>
        <PageHead title="Not authorized" />
        <NotAuthorized email={user.email} />
      </>
    );
  }
  return (
    <>
      <PageHead title="Course Chapter Management" />
      <AdminVideosPage
        courseId={course}
        onSelectCourse={(id) => void navigate({ search: { course: id }, replace: true })}
      />
    </>
  );
}
