// A chapter-video upload as /admin/videos sends it (tus: create, then checked chunks), for
// tests that need a complete upload rather than the protocol's details.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { chunkChecksum } from '../../src/features/admin/model/file-digest';
import { VIDEO_UPLOAD } from '../../src/lib/contract/contract.gen';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The file checksum the server verifies (VIDEO_UPLOAD in contract/shared.mjs), from its definition. */
export function fileChecksum(bytes: Uint8Array): string {
  let digests = '';
  for (let i = 0; i < bytes.byteLength; i += VIDEO_UPLOAD.digestBlockBytes)
    digests += sha(bytes.subarray(i, i + VIDEO_UPLOAD.digestBlockBytes));
  return createHash('sha256').update(digests).digest('hex');
}

/** A tus `Upload-Metadata` header: each key with its value in base64. */
export function uploadMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

/** The tus creation request (POST /api/video-uploads) as `token` (null: signed out); the answer as it came. */
export function startUpload(
  pbUrl: string,
  token: string | null,
  length: number,
  fields: Record<string, string>,
): Promise<Response> {
  const headers: Record<string, string> = {
    'tus-resumable': '1.0.0',
    'upload-length': String(length),
    'upload-metadata': uploadMetadata(fields),
  };
  if (token) headers.authorization = token;
  return fetch(`${pbUrl}${VIDEO_UPLOAD.path}`, { method: 'POST', headers });
}

/** POST /api/video-uploads for `bytes`; the answer as it came. */
function createUpload(
  pbUrl: string,
  token: string,
  chapterId: string,
  bytes: Uint8Array | { byteLength: number; checksum: string },
  filename = 'new.mp4',
): Promise<Response> {
  const checksum = bytes instanceof Uint8Array ? fileChecksum(bytes) : bytes.checksum;
  return startUpload(pbUrl, token, bytes.byteLength, {
    chapter: chapterId,
    filename,
    filetype: 'video/mp4',
    sha256: checksum,
  });
}

/** Creates an upload and sends every chunk; returns the upload's URL (not yet finalised). */
export async function uploadWhole(
  pbUrl: string,
  token: string,
  chapterId: string,
  bytes: Uint8Array,
  filename = 'new.mp4',
): Promise<string> {
  const created = await createUpload(pbUrl, token, chapterId, bytes, filename);
  expect(created.status, await created.clone().text()).toBe(201);
  const url = `${pbUrl}${created.headers.get('location')}`;
  for (let offset = 0; offset < bytes.byteLength; offset += VIDEO_UPLOAD.chunkBytes) {
    const chunk = bytes.subarray(offset, offset + VIDEO_UPLOAD.chunkBytes);
    const res = await fetch(url, {
      method: 'PATCH',
      headers: {
        authorization: token,
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'upload-checksum': await chunkChecksum(chunk),
      },
      body: chunk as BodyInit,
    });
    expect(res.status).toBe(204);
  }
  return url;
}
