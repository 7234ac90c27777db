import { ClientResponseError } from 'pocketbase';

/** What the UI needs from any failed call: a status, a message and per-field errors. */
export interface AppError {
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
  /** Network failure, timeout or server trouble: worth retrying or serving saved data. */
  transient: boolean;
  aborted: boolean;
}

function statusOf(err: unknown): number | undefined {
  if (typeof err === 'object' && err !== null && 'status' in err) {
    const s = Number((err as { status: unknown }).status);
    return Number.isFinite(s) ? s : undefined;
  }
  return undefined;
}

/**
 * True for failures another attempt (or the offline mirror) can fix: no response at all
 * (status 0, a fetch TypeError), a timeout, rate limiting or a 5xx. False for 4xx answers.
 */
export function isTransientError(err: unknown): boolean {
  if (err instanceof ClientResponseError && err.isAbort) return false;
  const status = statusOf(err);
  if (status === undefined) return err instanceof TypeError;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** A request that got no answer at all (offline, DNS, refused). */
export function isNetworkError(err: unknown): boolean {
  if (err instanceof ClientResponseError) return err.status === 0 && !err.isAbort;
  return err instanceof TypeError;
}

export function toAppError(err: unknown): AppError {
  if (err instanceof ClientResponseError) {
    const fieldErrors: Record<string, string> = {};
    const data = (err.response?.data ?? {}) as Record<string, { message?: unknown } | undefined>;
    for (const [field, value] of Object.entries(data)) {
      // Only text reaches a form: a nested error object is no message to show.
      if (typeof value?.message === 'string' && value.message) fieldErrors[field] = value.message;
    }
    const message =
      err.status === 0 && !err.isAbort ? 'You appear to be offline.' : err.message || 'Something went wrong.';
    return { status: err.status, message, fieldErrors, transient: isTransientError(err), aborted: err.isAbort };
  }
  const message = err instanceof Error ? err.message : String(err ?? 'Something went wrong.');
  return { status: 0, message, fieldErrors: {}, transient: isTransientError(err), aborted: false };
}
