import { valueMirror } from '@/lib/offline/mirror';
import { mirroredQueryOptions } from '@/lib/offline/mirrored-query';
import { pb } from '@/lib/pocketbase/client';
import type { ArtworksRecord, ArtworksViewingRoomFields } from '@/lib/pocketbase/types.gen';
import type { RoomPass } from '../model/access';

/** An artwork as the room shows it: the public fields and the room's own (docs/data-model.md). */
export interface RoomWork extends ArtworksRecord, ArtworksViewingRoomFields {}

interface RoomCopy {
  /** The pass the copy was read with: a copy serves only that pass. */
  token: string;
  works: RoomWork[];
}

// One copy per device, replaced by each read and emptied when the pass ends: offline, the room
// opens from it while the pass it was read with is still the device's.
const copy = valueMirror<RoomCopy>('viewing-room:works');

/**
 * Every work with its room fields, for the holder of `pass` (GET
 * /api/atelier/viewing-room/works; the pass goes in a header, never into the URL). Mirrored:
 * offline the device's copy answers. A 401 means the pass has ended (expired, unsubscribed).
 */
export const viewingRoomWorksQueryOptions = (pass: RoomPass) =>
  mirroredQueryOptions({
    queryKey: ['viewing-room', 'works', pass.token] as const,
    remote: async () =>
      (
        await pb.send<{ expiresAt: string; works: RoomWork[] }>('/api/atelier/viewing-room/works', {
          headers: { 'X-Viewing-Room-Pass': pass.token },
        })
      ).works,
    mirror: {
      read: async () => {
        const saved = await copy.read();
        return saved && saved.token === pass.token ? saved.works : undefined;
      },
      write: (works) => copy.write({ token: pass.token, works }),
    },
  });

/** Empties the device's copy of the room (its pass has ended, or there is none). */
export function forgetRoomCopy(): Promise<void> {
  return copy.write({ token: '', works: [] });
}
