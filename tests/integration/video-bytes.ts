// Test videos: an mp4 header (so PocketBase's MIME sniffing reads video/mp4) followed by
// seeded pseudo-random bytes, so two files of one seed are equal and any mix-up shows.
import { tinyMp4Bytes } from './helpers';

export function seededVideoBytes(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  const head = tinyMp4Bytes();
  out.set(head.subarray(0, Math.min(size, head.byteLength)));
  // xorshift32: fast, and the same sequence for the same seed
  let x = seed * 2654435761 || 1;
  for (let i = head.byteLength; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
    if (i + 1 < size) out[i + 1] = (x >>> 8) & 0xff;
    if (i + 2 < size) out[i + 2] = (x >>> 16) & 0xff;
    if (i + 3 < size) out[i + 3] = (x >>> 24) & 0xff;
  }
  return out;
}
