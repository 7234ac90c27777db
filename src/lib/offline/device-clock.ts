// The app's device clock: the server's time from /api/atelier/time, the offset kept in the
// device database's key-value table. And the device's id, which names its progress writes
// (one device's writes are ordered by its own clock, docs/sync.md).
import { pb } from '@/lib/pocketbase/client';
import { createDeviceClock, randomDeviceId } from './clock';
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

const ID_KEY = 'device:id';
let id: Promise<string> | undefined;

/** This device's id (15 characters a-z0-9, made once and kept in the device database). */
export function deviceId(): Promise<string> {
  id ??= (async () => {
    const saved = (await db.kv.get(ID_KEY))?.value;
    if (typeof saved === 'string' && /^[a-z0-9]{15}$/.test(saved)) return saved;
    const made = randomDeviceId();
    await db.kv.put({ key: ID_KEY, value: made, updatedAt: Date.now() });
    return made;
  })().catch((err) => {
    id = undefined;
    throw err;
  });
  return id;
}
