import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useOnlineStatus } from '@/lib/offline/online';
import { useAuth } from '@/lib/pocketbase/session';
import { button } from '@/ui/button/button.css';
import { toast } from '@/ui/toast/toast-store';
import { signOut, syncBeforeSignOut, UnsyncedChangesError } from '../api/sign-out';
import * as styles from './SignOutButton.css';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

/**
 * "Sign out". With writes the server does not have yet it says how many and offers to sync
 * them first; signing out anyway (which deletes them from this device) is an explicit choice.
 */
export function SignOutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const auth = useAuth();
  const [unsynced, setUnsynced] = useState(0);
  const [busy, setBusy] = useState(false);

  const leave = async (discardUnsynced: boolean) => {
    setBusy(true);
    try {
      await signOut(queryClient, { discardUnsynced });
      await navigate({ to: '/' });
    } catch (err) {
      if (err instanceof UnsyncedChangesError) setUnsynced(err.count);
      else toast({ title: 'Error', description: 'Sign-out failed. Please try again.', destructive: true });
    } finally {
      setBusy(false);
    }
  };

  const syncFirst = async () => {
    setBusy(true);
    const userId = auth.user?.id;
    const left = userId ? await syncBeforeSignOut(userId) : 0;
    setBusy(false);
    if (left === 0) await leave(false);
    else {
      setUnsynced(left);
      toast({ title: 'Not synced yet', description: `${changes(left)} could not be sent yet.`, destructive: true });
    }
  };

  if (unsynced === 0)
    return (
      <button
        type="button"
        className={button({ tone: 'outline', size: 'sm' })}
        disabled={busy}
        onClick={() => void leave(false)}
      >
        Sign out
      </button>
    );

  const expired = auth.status === 'expired';
  return (
    <div role="alertdialog" aria-labelledby="unsynced-title" className={styles.panel}>
      <p id="unsynced-title" className={styles.title}>
        {changes(unsynced)} on this device {unsynced === 1 ? 'is' : 'are'} not synced yet
      </p>
      <p className={styles.text}>
        {expired
          ? 'Sign in again to save them to your account. Signing out now deletes them from this device.'
          : online
            ? 'Sync them to your account before signing out, or sign out anyway and delete them from this device.'
            : 'You are offline. Connect to sync them, or sign out anyway and delete them from this device.'}
      </p>
      <div className={styles.actions}>
        {expired ? (
          <Link to="/auth" search={{ redirect: '/my-courses' }} className={button({ tone: 'solid', size: 'sm' })}>
            Sign in again
          </Link>
        ) : (
          <button
            type="button"
            className={button({ tone: 'solid', size: 'sm' })}
            disabled={busy || !online}
            onClick={() => void syncFirst()}
          >
            Sync now
          </button>
        )}
        <button
          type="button"
          className={button({ tone: 'outline', size: 'sm' })}
          disabled={busy}
          onClick={() => void leave(true)}
        >
          Sign out anyway
        </button>
        <button
          type="button"
          className={button({ tone: 'ghost', size: 'sm' })}
          disabled={busy}
          onClick={() => setUnsynced(0)}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
