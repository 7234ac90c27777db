import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '@/lib/ssr/use-hydrated';
import { useClearOfFocus } from './clear-of-focus';
import { type Toast, useToastStore } from './toast-store';
import * as styles from './Toaster.css';

function ToastItem({ item }: { item: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);

  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [dismiss, item.id, item.duration]);

  return (
    <li className={styles.toast({ destructive: item.destructive })} role={item.destructive ? 'alert' : undefined}>
      <div>
        <p className={styles.title}>{item.title}</p>
        {item.description ? <p className={styles.description}>{item.description}</p> : null}
      </div>
      <button type="button" className={styles.close} onClick={() => dismiss(item.id)} aria-label="Dismiss notification">
        ×
      </button>
    </li>
  );
}

/**
 * Renders the toast queue; mount once. Portalled so it stays usable while a sheet makes the
 * page inert. CSS-only motion keeps it light (it is part of every page). It stands above the
 * consent banner and moves off the focused control (useClearOfFocus).
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const list = useRef<HTMLOListElement>(null);
  // No document.body on the server; in the browser the portal mounts right after hydration.
  const hydrated = useHydrated();
  useClearOfFocus(list, hydrated ? toasts.length : 0);
  if (!hydrated) return null;
  return createPortal(
    <ol ref={list} className={styles.viewport} aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} item={t} />
      ))}
    </ol>,
    document.body,
  );
}
