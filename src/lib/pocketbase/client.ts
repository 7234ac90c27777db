import PocketBase from 'pocketbase';

/**
 * Where PocketBase answers: the page's own origin in the browser (PocketBase serves the app;
 * in development Vite proxies /api to it). A server render has no origin to be relative to,
 * so it names PocketBase itself with PB_URL (the same variable the dev proxy reads).
 */
function baseUrl(): string {
  if (typeof window !== 'undefined') return '/';
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.PB_URL ?? 'http://127.0.0.1:8090';
}

/** The one PocketBase SDK instance. */
export const pb = new PocketBase(baseUrl());

/** The SDK client's type, for code that takes a client as an argument (the fault harness passes its own). */
export type PocketBaseClient = PocketBase;

// TanStack Query owns de-duplication and cancellation; the SDK's auto-cancel would abort
// parallel identical requests (loader + component) with "request was aborted".
pb.autoCancellation(false);
