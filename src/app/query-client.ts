import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isTransientError } from '@/lib/pocketbase/errors';

const MAX_RETRIES = 3;

/** Exponential backoff from 1 s, capped at 30 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/**
 * Retry up to 3 times, but only failures another attempt can fix, and not while the
 * browser says it is offline (mirrored queries already answered from Dexie then).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransientError(error) && onlineManager.isOnline();
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: 5 * 60_000,
        // Loaders fill the cache right before components read it; without a short stale time
        // every navigation would fetch twice.
        staleTime: 30_000,
      },
    },
  });
}
