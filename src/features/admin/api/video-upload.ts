// Chapter videos go up in resumable chunks (tus, served by pb_hooks/video-uploads.pb.js):
// each request carries one chunk with its SHA-256, a dropped connection retries from the
// last stored chunk, and the upload's address is kept in localStorage, so after a closed
// tab choosing the same file for the same chapter continues where it stopped. The server
// verifies the whole file before it becomes the chapter's video; this polls until then.
import * as tus from 'tus-js-client';
import { VIDEO_UPLOAD } from '@/lib/contract/contract.gen';
import { pb } from '@/lib/pocketbase/client';
import { chunkChecksum, fileDigest } from '../model/file-digest';
import type { AdminChapter } from './chapters';

/** Why an upload did not land, in words the artist can act on. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly kind: 'rejected' | 'network' | 'aborted' | 'offline' | 'verification',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export type UploadPhase =
  /** Reading the file to compute its checksum (new uploads only). */
  | { kind: 'checking'; fraction: number }
  /**
   * Sending chunks; `resumedFrom` is the byte the server already had, `retrying` is true
   * while a lost connection is retried (from the last stored chunk).
   */
  | { kind: 'sending'; sent: number; total: number; fraction: number; resumedFrom: number; retrying: boolean }
  /** All bytes are on the server; it checks and stores the file. */
  | { kind: 'storing'; fraction: number };

export interface UploadVideoInput {
  chapter: AdminChapter;
  file: File;
  /** Whole seconds; 0 when the browser could not read it. */
  durationSeconds: number;
  onPhase?: (phase: UploadPhase) => void;
  signal?: AbortSignal;
}

export interface UploadedVideo {
  chapter: AdminChapter;
  /** Where the server stored the file. */
  storage: 's3' | 'local';
}

interface FinaliseStatus {
  state: 'receiving' | 'verifying' | 'done' | 'failed';
  length: number;
  verified: number;
  message: string;
  storage?: 's3' | 'local';
  chapter?: AdminChapter;
}

const FINGERPRINT_PREFIX = 'atelier-video';

/** One fingerprint per chapter and file, so the same file for another chapter starts anew. */
function fingerprintOf(chapterId: string, file: File): string {
  return [FINGERPRINT_PREFIX, chapterId, file.name, file.type, file.size, file.lastModified].join(':');
}

/** PATCH requests get an Upload-Checksum computed from the exact bytes sent. */
function checksummingStack(): tus.HttpStack {
  const inner = new tus.DefaultHttpStack({});
  return {
    getName: () => 'atelier-checksum',
    createRequest(method, url) {
      const req = inner.createRequest(method, url);
      const send = req.send.bind(req);
      req.send = async (body?: unknown) => {
        if (method === 'PATCH' && body instanceof Blob) req.setHeader('Upload-Checksum', await chunkChecksum(body));
        return send(body);
      };
      return req;
    },
  };
}

/** Retries what another attempt can fix: lost connections, 5xx, a busy or racing upload, a corrupted chunk. */
function shouldRetry(err: tus.DetailedError): boolean {
  const status = err.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429 || status === 460;
}

function serverMessage(err: unknown): string | null {
  const body = (err as tus.DetailedError | undefined)?.originalResponse?.getBody();
  if (!body) return null;
  try {
    return (JSON.parse(body) as { message?: string }).message ?? null;
  } catch {
    return null;
  }
}

function explain(err: unknown, sentFraction: number): UploadError {
  const status = (err as tus.DetailedError | undefined)?.originalResponse?.getStatus() ?? 0;
  // 403 is also "too many unfinished uploads": the server says which
  if (status === 401 || status === 403)
    return new UploadError(
      serverMessage(err) ?? 'You are not allowed to upload chapter videos (admins only).',
      'rejected',
    );
  if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429 && status !== 460) {
    return new UploadError(serverMessage(err) ?? `The server refused the upload (${status}).`, 'rejected');
  }
  const stoppedAt = `${Math.floor(sentFraction * 100)}%`;
  return new UploadError(
    `The connection was lost during the upload (at ${stoppedAt}). Choose the same file again to continue from there.`,
    'network',
  );
}

async function storedUploads(): Promise<tus.PreviousUpload[]> {
  try {
    return await tus.defaultOptions.urlStorage.findAllUploads();
  } catch {
    return [];
  }
}

/** Uploads of this chapter that were interrupted (closed tab, lost connection). */
export async function interruptedUploads(chapterId: string): Promise<tus.PreviousUpload[]> {
  return (await storedUploads()).filter((u) => u.metadata.chapter === chapterId);
}

/** Gives up an interrupted upload: the server drops the partial file, the browser the address. */
export async function discardUpload(previous: tus.PreviousUpload): Promise<void> {
  if (previous.uploadUrl) {
    await tus.Upload.terminate(previous.uploadUrl, { headers: { Authorization: pb.authStore.token } }).catch(
      () => undefined,
    );
  }
  await tus.defaultOptions.urlStorage.removeUpload(previous.urlStorageKey);
}

async function forgetStored(uploadUrl: string): Promise<void> {
  for (const u of await storedUploads())
    if (u.uploadUrl === uploadUrl) await tus.defaultOptions.urlStorage.removeUpload(u.urlStorageKey);
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new UploadError('The upload was canceled.', 'aborted'));
      },
      { once: true },
    );
  });

/** Polls the server until it has verified and stored the file (a 4 GB file takes a few minutes). */
async function awaitStored(
  uploadUrl: string,
  onPhase?: (p: UploadPhase) => void,
  signal?: AbortSignal,
): Promise<UploadedVideo> {
  let failures = 0;
  for (;;) {
    let status: FinaliseStatus;
    try {
      status = await pb.send<FinaliseStatus>(`${new URL(uploadUrl, location.href).pathname}/finalise`, {
        method: 'POST',
        requestKey: null,
      });
      failures = 0;
    } catch (err) {
      const code = (err as { status?: number }).status ?? 0;
      if (code === 404)
        throw new UploadError(
          'The server no longer knows this upload. Choose the file again to upload it anew.',
          'verification',
        );
      // the server keeps working on it; a lost poll changes nothing
      if (++failures > 30)
        throw new UploadError(
          'The server could not be reached to confirm the upload. Reload the page to see whether the video arrived.',
          'network',
        );
      await wait(2000, signal);
      continue;
    }
    if (status.state === 'done' && status.chapter) {
      await forgetStored(uploadUrl);
      return { chapter: status.chapter, storage: status.storage ?? 'local' };
    }
    if (status.state === 'failed') {
      await forgetStored(uploadUrl);
      throw new UploadError(status.message || 'The server could not store the video.', 'verification');
    }
    onPhase?.({ kind: 'storing', fraction: status.length ? status.verified / status.length : 0 });
    await wait(1000, signal);
  }
}

/**
 * Uploads (or continues uploading) a chapter video and resolves once the server has
 * verified it and made it the chapter's video. Canceling discards the partial upload.
 */
export async function uploadChapterVideo({
  chapter,
  file,
  durationSeconds,
  onPhase,
  signal,
}: UploadVideoInput): Promise<UploadedVideo> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new UploadError('You are offline. Uploads need a connection.', 'offline');
  const fingerprint = fingerprintOf(chapter.id, file);
  const base: tus.UploadOptions = {
    endpoint: pb.buildURL(VIDEO_UPLOAD.path),
    chunkSize: VIDEO_UPLOAD.chunkBytes,
    retryDelays: [1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000],
    fingerprint: async () => fingerprint,
    storeFingerprintForResuming: true,
    // kept until the server has stored the file, so a tab closed while it verifies resumes into the check
    removeFingerprintOnSuccess: false,
    httpStack: checksummingStack(),
    onBeforeRequest: (req) => req.setHeader('Authorization', pb.authStore.token),
  };

  const previous = (await new tus.Upload(file, base).findPreviousUploads())[0];
  // A resumed upload keeps the metadata (and checksum) it was created with; it is also
  // what a new upload is created with if the server has dropped the old one.
  let metadata = previous?.metadata;
  if (!metadata?.sha256) {
    onPhase?.({ kind: 'checking', fraction: 0 });
    let sha256: string;
    try {
      sha256 = await fileDigest(file, { signal, onProgress: (fraction) => onPhase?.({ kind: 'checking', fraction }) });
    } catch (err) {
      if (signal?.aborted) throw new UploadError('The upload was canceled.', 'aborted');
      throw new UploadError(
        `The file could not be read (${err instanceof Error ? err.message : String(err)}).`,
        'rejected',
      );
    }
    metadata = {
      chapter: chapter.id,
      filename: file.name,
      filetype: file.type,
      sha256,
      duration: String(Math.max(0, Math.round(durationSeconds))),
    };
  }

  let resumedFrom = -1;
  let sentFraction = 0;
  let last: UploadPhase & { kind: 'sending' } = {
    kind: 'sending',
    sent: 0,
    total: file.size,
    fraction: 0,
    resumedFrom: 0,
    retrying: false,
  };
  const uploadUrl = await new Promise<string>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      ...base,
      metadata,
      onShouldRetry: (err) => {
        const retry = shouldRetry(err);
        if (retry) {
          last = { ...last, retrying: true };
          onPhase?.(last);
        }
        return retry;
      },
      onProgress: (sent, total) => {
        // the server's offset is always a whole number of chunks
        if (resumedFrom < 0) resumedFrom = Math.floor(sent / VIDEO_UPLOAD.chunkBytes) * VIDEO_UPLOAD.chunkBytes;
        sentFraction = total ? sent / total : 0;
        last = { kind: 'sending', sent, total, fraction: sentFraction, resumedFrom, retrying: false };
        onPhase?.(last);
      },
      onSuccess: () => resolve(upload.url as string),
      onError: (err) => reject(explain(err, sentFraction)),
    });
    if (signal) {
      if (signal.aborted) return reject(new UploadError('The upload was canceled.', 'aborted'));
      signal.addEventListener(
        'abort',
        () => {
          // canceling discards: the server drops the partial file, the browser its address
          void upload.abort(true).catch(() => undefined);
          reject(new UploadError('The upload was canceled.', 'aborted'));
        },
        { once: true },
      );
    }
    if (previous) upload.resumeFromPreviousUpload(previous);
    upload.start();
  });
  return awaitStored(uploadUrl, onPhase, signal);
}
