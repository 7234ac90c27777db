// Progress records get ids made on the device, the same on every device for the same
// learner and chapter (or task): two devices upsert one record, and a replay is a no-op.
import { Collections } from '@/lib/contract/contract.gen';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A PocketBase record id (^[a-z0-9]{15}$) derived from the parts with SHA-256. */
export async function deterministicId(...parts: string[]): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000'))));
  let id = '';
  for (let i = 0; i < 15; i++) id += ALPHABET[(bytes[i] ?? 0) % 36];
  return id;
}

export const chapterProgressId = (userId: string, chapterId: string) =>
  deterministicId(Collections.ChapterProgress, userId, chapterId);
export const taskProgressId = (userId: string, chapterId: string, taskIdentifier: string) =>
  deterministicId(Collections.UserTaskProgress, userId, chapterId, taskIdentifier);
