import { createFileRoute, redirect } from '@tanstack/react-router';
import { DownloadsPage } from '@/features/downloads/components/DownloadsPage';
import { currentUserId, isSignedIn } from '@/lib/pocketbase/auth';

/** Offline downloads of the signed-in learner (guard to be replaced by the `_authed` layout). */
export const Route = createFileRoute('/downloads')({
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) throw redirect({ href: `/auth?redirect=${encodeURIComponent(location.href)}`, replace: true });
  },
  component: () => <DownloadsPage userId={currentUserId() ?? ''} />,
});
