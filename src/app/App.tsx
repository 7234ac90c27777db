import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { startCourseSync } from '@/features/course/sync';
import { authReady } from '@/lib/pocketbase/session';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  // The stored session is refreshed once on start; progress written offline drains from
  // here, whatever page the learner opens.
  useEffect(() => {
    void authReady();
    startCourseSync();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
