import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { ErrorScreen } from './screens/ErrorScreen';
import { NotFound } from './screens/NotFound';
import { PendingScreen } from './screens/PendingScreen';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns freshness; the router always asks it (loaders are cheap when the cache is warm).
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 400,
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
