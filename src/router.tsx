import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { ErrorScreen } from '@/app/screens/ErrorScreen';
import { NotFound } from '@/app/screens/NotFound';
import { PendingScreen } from '@/app/screens/PendingScreen';

/** The app's router; a server render passes a memory history (the browser's is the default). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query owns freshness; the router always asks it (loaders are cheap when the cache is warm).
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFound,
    // A path with more segments than any route ("/news/a-post/more") is the site's not-found
    // page, as the server answers it 404 (app-routes.js); matched fuzzily it showed the post.
    // It only decides where a path no route takes is caught: a route's own pages load the same.
    notFoundMode: 'root',
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 400,
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
