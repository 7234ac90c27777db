// The app's device clock: the server's time from /api/atelier/time, the offset kept in the
// device database's key-value table.
import { pb } from '@/lib/pocketbase/client';
import { createDeviceClock } from './clock';
import { db } from './db';

const KEY = 'clock:server-offset';

export const deviceClock = createDeviceClock({
  now: () => Date.now(),
  serverTime: async () => (await pb.send<{ now: number }>('/api/atelier/time', { method: 'GET' })).now,
  load: async () => (await db.kv.get(KEY))?.value as number | undefined,
  save: async (offset) => {
    await db.kv.put({ key: KEY, value: offset, updatedAt: Date.now() });
  },
});
