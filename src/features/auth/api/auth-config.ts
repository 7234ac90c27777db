import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase/client';

export interface AuthConfig {
  googleClientId: string | null;
  demoSignIn: boolean;
}

/** Which sign-in options this server offers (Google client id, demo sign-in). */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['atelier', 'auth-config'],
    queryFn: () => pb.send<AuthConfig>('/api/atelier/auth-config', { method: 'GET' }),
    staleTime: 5 * 60_000,
  });
