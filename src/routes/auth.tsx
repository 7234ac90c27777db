import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { authReady, currentUser, safeRedirect } from '@/lib/pocketbase/session';
import { PageHead } from '@/features/site/components/PageHead';

export const Route = createFileRoute('/auth')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ search }) => {
    await authReady();
    // Already signed in: back to where the visitor was going, or home.
    if (currentUser()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  pendingMs: 0,
  component: AuthRoute,
});

function AuthRoute() {
  const { redirect: to } = Route.useSearch();
  return (
    <>
      <PageHead title="Sign in" description="Sign in with Google to take the course The Whispering Game." />
      <AuthPage redirect={to} />
    </>
  );
}
