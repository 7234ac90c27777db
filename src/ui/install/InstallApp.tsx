import { button } from '@/ui/button/button.css';
import { promptInstall, useInstallState } from '@/lib/pwa/install';
import * as styles from './InstallApp.css';

/**
 * "Install app" where the browser offers it (beforeinstallprompt), or the iOS Safari steps
 * (Share → Add to Home Screen). Nothing once installed or where neither applies.
 */
export function InstallApp({ compact = false }: { compact?: boolean }) {
  const state = useInstallState();
  if (state === 'prompt') {
    return (
      <button
        type="button"
        className={button({ tone: 'outline', size: 'sm' })}
        onClick={() => void promptInstall()}
        data-testid="install-button"
      >
        Install app
      </button>
    );
  }
  if (state === 'ios') {
    return (
      <p className={compact ? undefined : styles.hint} data-testid="ios-install-hint">
        Install this app on your iPhone or iPad: tap the Share button{' '}
        <span aria-hidden="true">(the square with an arrow)</span>, then “Add to Home Screen”.
      </p>
    );
  }
  return null;
}
