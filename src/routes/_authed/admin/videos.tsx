import { createFileRoute } from '@tanstack/react-router';
import { AdminVideosPage } from '@/features/admin/components/AdminVideosPage';
import { NotAuthorized } from '@/features/admin/components/NotAuthorized';
import { useAuth } from '@/lib/pocketbase/session';

// A plain function, not zod: validateSearch stays in the entry chunk (zod would add ~20 kB gzip).
const validateSearch = (raw: Record<string, unknown>): { course?: string } =>
  typeof raw.course === 'string' && /^[a-z0-9]{15}$/.test(raw.course) ? { course: raw.course } : {};

/**
 * Admin role only (SPEC change 3). The `_authed` layout sends signed-out visitors to /auth
 * and waits for the session check, so the role read here is the server's (a demoted admin
 * sees "Not authorized"). The API rules are the real gate either way.
 */
export const Route = createFileRoute('/_authed/admin/videos')({
  validateSearch,
  component: AdminVideosRoute,
});

function AdminVideosRoute() {
  const { course } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = useAuth();
  if (user?.role !== 'admin') return <NotAuthorized email={user?.email} />;
  return <AdminVideosPage courseId={course} onSelectCourse={(id) => void navigate({ search: { course: id }, replace: true })} />;
}
