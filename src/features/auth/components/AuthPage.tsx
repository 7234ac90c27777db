import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { LegalLink } from '@/ui/legal/LegalLinks';
import { authConfigQueryOptions } from '../api/auth-config';
import { demoSignIn, signInWithGoogleCode } from '../api/sign-in';
import { OWN_DATA_KEY, safeRedirect, useAuth } from '@/lib/pocketbase/session';
import * as styles from './AuthPage.css';
import { GoogleMark } from './GoogleSignInButton';

const GoogleSignInButton = lazy(() => import('./GoogleSignInButton'));

function failed(err: unknown) {
  console.error('[auth] Google sign-in failed', err);
  toast({
    title: 'Authentication Error',
    description: 'Failed to sign in with Google. Please try again.',
    destructive: true,
  });
}

/** /auth: "Welcome Back", Google sign-in, and demo sign-in on a local try-out server. */
export function AuthPage({ redirect }: { redirect?: string }) {
  const auth = useAuth();
  const config = useQuery(authConfigQueryOptions());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: OWN_DATA_KEY });
    await navigate({ href: safeRedirect(redirect), replace: true });
  };

  const run = async (work: () => Promise<void>, onError: (err: unknown) => void) => {
    setBusy(true);
    try {
      await work();
      await done();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const loading = auth.status === 'loading' || config.isPending || busy;
  const clientId = config.data?.googleClientId;

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>Welcome Back</h1>
        {auth.status === 'expired' && auth.user ? (
          <p className={styles.lead} data-testid="session-expired">
            Your session has ended. Sign in again as {auth.user.email || 'before'} to sync the progress saved on this
            device.
          </p>
        ) : (
          <p className={styles.lead}>Sign in to continue to your courses.</p>
        )}
        {loading ? (
          <div className={styles.spinnerRow} role="status" aria-live="polite">
            <span className={styles.spinner} aria-hidden="true" />
            <span className={styles.hint}>{busy ? 'Signing in…' : 'Loading…'}</span>
          </div>
        ) : null}
        <div className={styles.actions} hidden={auth.status === 'loading' || config.isPending}>
          {clientId ? (
            <Suspense fallback={<GooglePlaceholder />}>
              <GoogleSignInButton
                clientId={clientId}
                disabled={busy}
                onCode={(code) => void run(() => signInWithGoogleCode(code), failed)}
                onError={failed}
              />
            </Suspense>
          ) : (
            <>
              <GooglePlaceholder />
              <p className={styles.hint}>
                {config.isError
                  ? 'Sign-in is unavailable while offline.'
                  : 'Google sign-in is not configured on this server.'}
              </p>
            </>
          )}
          {config.data?.demoSignIn ? (
            <div className={styles.demo}>
              <p className={styles.hint}>Trying Atelier locally? Use a demo account:</p>
              {(['learner', 'admin'] as const).map((role) => (
                <button
                  key={role}
                  type="button"
                  className={button({ tone: 'outline', block: true })}
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => demoSignIn(role),
                      (err) =>
                        toast({
                          title: 'Authentication Error',
                          description: (err as Error)?.message || 'Demo sign-in failed.',
                          destructive: true,
                        }),
                    )
                  }
                >
                  Sign in as demo {role}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <p className={styles.terms}>
          By signing in, you agree to our <LegalLink page="terms" /> and <LegalLink page="privacy" />.
        </p>
      </div>
    </div>
  );
}

function GooglePlaceholder() {
  return (
    <button type="button" className={button({ tone: 'solid', block: true })} disabled>
      <GoogleMark />
      Continue with Google
    </button>
  );
}
