import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { authReady, currentUser } from '@/lib/pocketbase/session';

/** Pages for signed-in visitors: a spinner while the session is checked, else off to /auth and back. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ location }) => {
    await authReady();
    const user = currentUser();
    if (!user) throw redirect({ to: '/auth', search: { redirect: location.href }, replace: true });
    return { user };
  },
  pendingMs: 0,
  component: Outlet,
});
