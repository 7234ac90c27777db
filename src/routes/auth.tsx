import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { authReady, currentUser, safeRedirect } from '@/lib/pocketbase/session';
import { PageHead } from '@/features/site/components/PageHead';
import { searchParams } from '@/lib/router/search';

// A same-site path to return to after sign-in (never a //host or /\host address).
const search = searchParams({ redirect: { pattern: /^\/(?![/\\])/, max: 2048 } });

export const Route = createFileRoute('/auth')({
  validateSearch: search,
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
