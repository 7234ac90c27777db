import { pb } from './client';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

/** Why an upload did not land, in words the artist can act on. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: 'rejected' | 'too-large' | 'network' | 'timeout' | 'aborted' | 'server' | 'offline',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** PocketBase's http.Server ReadTimeout (apis/serve.go): a request body must arrive within it. */
const SERVER_READ_TIMEOUT_MS = 5 * 60_000;

interface PocketBaseErrorBody {
  message?: string;
  data?: Record<string, { code?: string; message?: string } | undefined>;
}

function messageFor(status: number, body: PocketBaseErrorBody | null): string {
  const fieldMessage = Object.entries(body?.data ?? {})
    .map(([field, err]) => (err?.message ? `${field}: ${err.message}` : ''))
    .filter(Boolean)
    .join('; ');
  if (status === 413) return 'The file is larger than the server accepts.';
  if (fieldMessage) return fieldMessage;
  if (status === 401 || status === 403 || status === 404)
    return 'You are not allowed to change this chapter (admins only).';
  return body?.message || `The server answered ${status}.`;
}

/**
 * PATCHes a record's multipart endpoint with XMLHttpRequest, because the SDK's fetch has
 * no upload progress events. Same auth as the SDK (its stored token). Resolves with the
 * updated record; rejects with an UploadError saying why.
 */
export function updateRecordWithProgress<T>(
  collection: string,
  recordId: string,
  body: FormData,
  opts: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      reject(new UploadError('You are offline. Uploads need a connection.', 0, 'offline'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const url = pb.buildURL(
      `/api/collections/${encodeURIComponent(collection)}/records/${encodeURIComponent(recordId)}`,
    );
    xhr.open('PATCH', url);
    if (pb.authStore.token) xhr.setRequestHeader('Authorization', pb.authStore.token);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      opts.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.total ? event.loaded / event.total : 0,
      });
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as T);
        return;
      }
      const kind = xhr.status === 413 ? 'too-large' : xhr.status >= 500 ? 'server' : 'rejected';
      reject(new UploadError(messageFor(xhr.status, parsed as PocketBaseErrorBody | null), xhr.status, kind));
    };
    const started = Date.now();
    xhr.onerror = () =>
      reject(
        Date.now() - started >= SERVER_READ_TIMEOUT_MS - 10_000
          ? new UploadError(
              'The upload took longer than the server allows (5 minutes) and was cut off. Try a smaller file or a faster connection.',
              0,
              'timeout',
            )
          : new UploadError(
              'The connection was lost during the upload (network error or the server closed it).',
              0,
              'network',
            ),
      );
    xhr.ontimeout = () => reject(new UploadError('The upload took too long and was stopped.', 0, 'timeout'));
    xhr.onabort = () => reject(new UploadError('The upload was canceled.', 0, 'aborted'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new UploadError('The upload was canceled.', 0, 'aborted'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
