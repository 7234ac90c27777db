import { AnimatePresence, m, useReducedMotion } from 'framer-motion';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { type Toast, useToastStore } from './toast-store';
import * as styles from './Toaster.css';

function ToastItem({ item }: { item: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const reduce = useReducedMotion();

  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(item.id), item.duration);
    return () => window.clearTimeout(timer);
  }, [dismiss, item.id, item.duration]);

  return (
    <m.li
      layout={!reduce}
      initial={reduce ? { opacity: 0 } : { opacity: 0, y: 16, scale: 0.98 }}
      animate={{ opacity: 1, y: 0, scale: 1 }}
      exit={reduce ? { opacity: 0 } : { opacity: 0, y: 8, transition: { duration: 0.15 } }}
      className={styles.toast({ destructive: item.destructive })}
      role={item.destructive ? 'alert' : undefined}
    >
      <div>
        <p className={styles.title}>{item.title}</p>
        {item.description ? <p className={styles.description}>{item.description}</p> : null}
      </div>
      <button type="button" className={styles.close} onClick={() => dismiss(item.id)} aria-label="Dismiss notification">
        ×
      </button>
    </m.li>
  );
}

/** Renders the toast queue; mount once. Portalled so it stays usable while a sheet makes the page inert. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return createPortal(
    <ol className={styles.viewport} aria-label="Notifications" aria-live="polite">
      <AnimatePresence initial={false}>
        {toasts.map((t) => (
          <ToastItem key={t.id} item={t} />
        ))}
      </AnimatePresence>
    </ol>,
    document.body,
  );
}
