import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { viewingRoomArtworkQueryOptions } from '@/features/viewing-room/api/artwork';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { ViewingRoomPage } from './-components/ViewingRoomPage';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// An invalid slug is treated as missing: the room falls back to the first artwork.
const search = z.object({
  artwork: z.string().regex(SLUG).max(120).optional().catch(undefined),
  access: z.string().max(200).optional().catch(undefined),
});

export const Route = createFileRoute('/viewing-room')({
  validateSearch: search,
  loaderDeps: ({ search: { artwork } }) => ({ artwork }),
  loader: ({ context: { queryClient }, deps }) => loadMirrored(queryClient, viewingRoomArtworkQueryOptions(deps.artwork)),
  component: ViewingRoomRoute,
});

function ViewingRoomRoute() {
  const { artwork, access } = Route.useSearch();
  return <ViewingRoomPage slug={artwork} access={access} />;
}
