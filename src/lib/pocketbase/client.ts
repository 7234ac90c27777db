import PocketBase from 'pocketbase';

/**
 * The one PocketBase SDK instance. Same origin: in production PocketBase serves the app,
 * in development Vite proxies /api to it.
 */
export const pb = new PocketBase('/');

// TanStack Query owns de-duplication and cancellation; the SDK's auto-cancel would abort
// parallel identical requests (loader + component) with "request was aborted".
pb.autoCancellation(false);
