import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { startCourseSync } from '@/features/course/sync';
import { authReady } from '@/lib/pocketbase/session';
import { whenIdle } from '@/lib/time/when-idle';
import { createQueryClient } from '@/app/query-client';
import { type AppRouter, createAppRouter } from '@/router';

export interface AppProps {
  /** A server render and the hydration of its HTML pass the client and router they filled. */
  queryClient?: QueryClient;
  router?: AppRouter;
  /** Called once the tree is in the page and handles events (src/start.tsx). */
  onMounted?: () => void;
  /**
   * A server-rendered page: the session check and the course sync (both read the device
   * database, whose creation on a first visit is a long task) start once the page is idle.
   */
  syncWhenIdle?: boolean;
}

export function App(props: AppProps) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createAppRouter(queryClient));
  // The stored session is refreshed once on start; progress written offline drains from
  // here, whatever page the learner opens.
  const onMounted = useRef(props.onMounted);
  const syncWhenIdle = useRef(props.syncWhenIdle);
  useEffect(() => {
    onMounted.current?.();
    const startSync = () => {
      void authReady();
      startCourseSync(queryClient);
    };
    if (syncWhenIdle.current) whenIdle(startSync);
    else startSync();
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
