import type { QueryClient } from '@tanstack/react-query';

/** What every route's beforeLoad and loader receive. Auth joins it with the auth issue. */
export interface RouterContext {
  queryClient: QueryClient;
}
