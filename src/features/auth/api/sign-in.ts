import { Collections } from '@/lib/contract/contract.gen';
import { pb } from '@/lib/pocketbase/client';
import type { UsersRecord } from '@/lib/pocketbase/types.gen';

/**
 * Exchanges a Google Identity Services auth code (popup flow, no PKCE) through PocketBase:
 * the server fetches the token and the verified profile itself.
 */
export async function signInWithGoogleCode(code: string): Promise<void> {
  await pb.collection(Collections.Users).authWithOAuth2Code('google', code, '', 'postmessage');
}

/** Local try-out only: the server refuses unless Google is unset, demo content on and HOST loopback. */
export async function demoSignIn(role: 'learner' | 'admin'): Promise<void> {
  const res = await pb.send<{ token: string; record: UsersRecord }>('/api/atelier/demo-sign-in', {
    method: 'POST',
    body: { role },
  });
  pb.authStore.save(res.token, res.record as never);
}
