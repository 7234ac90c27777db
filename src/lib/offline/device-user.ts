// Tells the service worker (src/sw/offline-media.ts) which account is signed in on this
// device, through Cache Storage, which both can read; the worker has no localStorage.
import { DEVICE_USER_CACHE, DEVICE_USER_KEY } from './media-keys';

let last: string | null | undefined;

export async function rememberDeviceUser(userId: string | null): Promise<void> {
  if (userId === last || typeof caches === 'undefined') return;
  last = userId;
  try {
    const cache = await caches.open(DEVICE_USER_CACHE);
    if (userId) await cache.put(DEVICE_USER_KEY, new Response(userId, { headers: { 'Content-Type': 'text/plain' } }));
    else await cache.delete(DEVICE_USER_KEY);
  } catch {
    last = undefined; // storage unavailable: try again on the next change
  }
}
