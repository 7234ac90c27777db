/** m:ss for a video length in seconds (minutes are not wrapped into hours: 75:03). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export type VideoStatus = { kind: 'none' } | { kind: 'uploaded'; duration: string };

/** What the admin card says: "No video", or "Video uploaded" with m:ss or "Unknown" (0 = unknown). */
export function videoStatus(chapter: { video?: string | null; duration_seconds?: number | null }): VideoStatus {
  if (!chapter.video) return { kind: 'none' };
  const d = chapter.duration_seconds ?? 0;
  return { kind: 'uploaded', duration: d > 0 ? formatDuration(d) : 'Unknown' };
}

/**
 * The duration to store: whole seconds, or 0 when the browser could not read it (the record
 * then holds no duration: PocketBase stores an empty number as 0).
 */
export function storedDuration(read: number | null | undefined): number {
  return typeof read === 'number' && Number.isFinite(read) && read > 0 ? Math.round(read) : 0;
}
