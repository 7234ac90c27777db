import { VIDEO_UPLOAD } from '@/lib/contract/contract.gen';

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(buffer)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The value of a tus `Upload-Checksum` header for one chunk: "sha256 <base64>". */
export async function chunkChecksum(chunk: Blob | ArrayBuffer | Uint8Array): Promise<string> {
  const data = chunk instanceof Blob ? await chunk.arrayBuffer() : chunk;
  return `sha256 ${base64(await crypto.subtle.digest('SHA-256', data as BufferSource))}`;
}

/**
 * The upload's file checksum, as the server verifies it: SHA-256 of the concatenated hex
 * SHA-256 digests of the file's fixed-size blocks. Read a block at a time, so a 4 GB file
 * is never held in memory. `onProgress` gets the fraction read (0..1).
 */
export async function fileDigest(
  file: Blob,
  opts: { blockBytes?: number; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const block = opts.blockBytes ?? VIDEO_UPLOAD.digestBlockBytes;
  let digests = '';
  for (let start = 0; start < file.size; start += block) {
    opts.signal?.throwIfAborted();
    const bytes = await file.slice(start, Math.min(file.size, start + block)).arrayBuffer();
    digests += hex(await crypto.subtle.digest('SHA-256', bytes));
    opts.onProgress?.(Math.min(1, (start + block) / file.size));
  }
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(digests)));
}
