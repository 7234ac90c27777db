import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminVideosPage } from '@/features/admin/components/AdminVideosPage';
import { NotAuthorized } from '@/features/admin/components/NotAuthorized';
import { currentRole, isSignedIn } from '@/lib/pocketbase/auth';

// A plain function, not zod: validateSearch stays in the entry chunk (zod would add ~20 kB gzip).
const validateSearch = (raw: Record<string, unknown>): { course?: string } =>
  typeof raw.course === 'string' && /^[a-z0-9]{15}$/.test(raw.course) ? { course: raw.course } : {};

/**
 * Admin role only (SPEC change 3). Signed out → /auth, back here afterwards. Until the
 * course issue's `_authed` layout lands this route guards itself (see docs/offline-downloads.md
 * "Integration"); the API rules are the real gate either way.
 */
export const Route = createFileRoute('/admin/videos')({
  validateSearch,
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) throw redirect({ href: `/auth?redirect=${encodeURIComponent(location.href)}`, replace: true });
  },
  component: AdminVideosRoute,
});

function AdminVideosRoute() {
  const { course } = Route.useSearch();
  const navigate = Route.useNavigate();
  const role = currentRole();
  if (role.role !== 'admin') return <NotAuthorized email={role.email} />;
  return <AdminVideosPage courseId={course} onSelectCourse={(id) => void navigate({ search: { course: id }, replace: true })} />;
}
