import { createFileRoute, redirect } from '@tanstack/react-router';
import { authConfigQueryOptions } from '@/features/auth/api/auth-config';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { authReady, safeRedirect, sessionLive } from '@/lib/pocketbase/session';
import { searchParams } from '@/lib/router/search';
import { PageHead } from '@/ui/page-head/PageHead';

// A same-site path to return to after sign-in (never a //host or /\host address).
const search = searchParams({ redirect: { pattern: /^\/(?![/\\])/, max: 2048 } });

export const Route = createFileRoute('/auth')({
  validateSearch: search,
  beforeLoad: async ({ search }) => {
    await authReady();
    // Already signed in (a session that ended asks to sign in again here): back to where the
    // visitor was going, or home.
    if (sessionLive()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  // The sign-in options show a spinner until they arrive; the page itself never waits.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(authConfigQueryOptions());
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
