import { pb } from '@/lib/pocketbase/client';

/**
 * Checks the pass the welcome email's link carries (`access`, docs/api.md): its expiry (ISO)
 * when the server accepts it, null when it is not valid (forged, expired, unsubscribed).
 * Throws when the server could not be asked.
 */
export async function verifyRoomLink(token: string): Promise<string | null> {
  try {
    const answer = await pb.send<{ expiresAt: string }>('/api/atelier/viewing-room/unlock', {
      method: 'POST',
      body: { token },
    });
    return answer.expiresAt;
  } catch (err) {
    if ((err as { status?: number }).status === 400) return null;
    throw err;
  }
}
