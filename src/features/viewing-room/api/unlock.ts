import { pb } from '@/lib/pocketbase/client';

/** Checks the `access` token of the link in the viewing-room email (docs/api.md). */
export async function verifyRoomLink(token: string): Promise<boolean> {
  try {
    await pb.send('/api/atelier/viewing-room/unlock', { method: 'POST', body: { token } });
    return true;
  } catch {
    return false;
  }
}
