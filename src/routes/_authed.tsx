import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { SessionNotice } from '@/features/auth/components/SessionNotice';
import { authReady, currentUser } from '@/lib/pocketbase/session';
import { screenTall } from '@/styles/utils.css';

/**
 * Pages for signed-in visitors: a spinner while the session is checked, else off to /auth and
 * back. The account stored on the device gets in whatever its token's age, so a learner keeps
 * everything on the device offline; a session that ended is asked to sign in again in place.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location }) => {
    await authReady();
    const user = currentUser();
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href }, replace: true });
    return { user };
  },
  pendingMs: 0,
  component: AuthedLayout,
});

function AuthedLayout() {
  return (
    <div className={screenTall}>
      <SessionNotice />
      <Outlet />
    </div>
  );
}
