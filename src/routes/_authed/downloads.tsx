import { createFileRoute } from '@tanstack/react-router';
import { DownloadsPage } from '@/features/downloads/components/DownloadsPage';
import { useAuth } from '@/lib/pocketbase/session';

/** Offline downloads of the signed-in learner (the `_authed` layout guards it). */
export const Route = createFileRoute('/_authed/downloads')({
  component: DownloadsRoute,
});

function DownloadsRoute() {
  const { user } = useAuth();
  return <DownloadsPage userId={user?.id ?? ''} />;
}
