import type { QueryClient } from '@tanstack/react-query';

/** What every route's beforeLoad and loader receive. Pages under `/_authed` also get `user`. */
export interface RouterContext {
  queryClient: QueryClient;
}
