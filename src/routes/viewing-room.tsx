import { createFileRoute } from '@tanstack/react-router';
import { searchParams } from '@/lib/router/search';
import { viewingRoomArtworkQueryOptions } from '@/features/viewing-room/api/artwork';
import { viewingRoomWorksQueryOptions } from '@/features/viewing-room/api/works';
import { readRoomPass } from '@/features/viewing-room/model/access';
import { loadMirrored } from '@/lib/offline/mirrored-query';
import { ViewingRoomPage } from '@/features/viewing-room/components/ViewingRoomPage';

// An invalid slug is treated as missing: the room falls back to the first artwork.
// `access` is the room pass the welcome email's link carries: "{subscriber id}.{expiry}.{hex signature}".
const search = searchParams({
  artwork: { pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/, max: 120 },
  access: { pattern: /^[a-z0-9]{15}\.[0-9]{10}\.[a-f0-9]{64}$/, max: 200 },
});

export const Route = createFileRoute('/viewing-room')({
  validateSearch: search,
  loaderDeps: ({ search: { artwork } }) => ({ artwork }),
  loader: async ({ context: { queryClient }, deps }) => {
    // A pass holder's room is the room's own read, every work at once: paging from one work to
    // the next needs nothing more (no loading screen between works). Without a pass the gate
    // needs the public record of the work it names.
    const pass = readRoomPass();
    if (pass) await loadMirrored(queryClient, viewingRoomWorksQueryOptions(pass)).catch(() => undefined);
    else await loadMirrored(queryClient, viewingRoomArtworkQueryOptions(deps.artwork));
  },
  component: ViewingRoomRoute,
});

function ViewingRoomRoute() {
  const { artwork, access } = Route.useSearch();
  return <ViewingRoomPage slug={artwork} access={access} />;
}
