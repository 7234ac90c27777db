import { AnimatePresence, domAnimation, LazyMotion, m, useReducedMotion } from 'framer-motion';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { focusMainHeading } from '../focus/main-heading';
import { useToastStore } from '../toast/toast-store';
import { focusableIn, trapTab } from './focus';
import * as styles from './Sheet.css';

export type SheetSide = 'top' | 'right' | 'bottom' | 'left';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Edge it slides in from (default right). */
  side?: SheetSide;
  children: ReactNode;
  /** Element id of the panel, for aria-controls on the opening button. */
  id?: string;
}

const OFFSCREEN: Record<SheetSide, { x?: string; y?: string }> = {
  right: { x: '100%' },
  left: { x: '-100%' },
  top: { y: '-100%' },
  bottom: { y: '100%' },
};

/** The app's content root, made inert while a sheet is open (the sheet is portalled outside it). */
const appRoot = () => document.getElementById('root');

/**
 * A modal side panel (import it through LazySheet, which keeps framer-motion out of the entry): focus moves in and stays in (Tab wraps, the page behind is inert),
 * Escape, the overlay and the Close button close it, focus returns to the opener (or, when the
 * opener is gone or hidden, to the page's main heading). Toasts shown before it opened are about the page
 * behind it and go; toasts raised while it is open show above it.
 */
export function Sheet({ open, onOpenChange, title, description, side = 'right', children, id }: SheetProps) {
  const reduce = useReducedMotion();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onOpenChange);
  closeRef.current = onOpenChange;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = appRoot();
    root?.setAttribute('inert', '');
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    useToastStore.getState().dismissAll();
    const panel = panelRef.current;
    if (panel) (focusableIn(panel)[0] ?? panel).focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current(false);
      } else if (panelRef.current) {
        trapTab(event, panelRef.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      // Something else took focus on purpose (a page the sheet navigated to): leave it there.
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || panelRef.current?.contains(active);
      if (!lost) return;
      // an opener that is gone or hidden (the cart button of an emptied cart) takes no focus
      opener?.focus();
      if (!opener || document.activeElement !== opener) focusMainHeading();
    };
  }, [open]);

  const hidden = OFFSCREEN[side];
  const transition = reduce
    ? { duration: 0 }
    : { type: 'tween' as const, ease: [0.22, 1, 0.36, 1] as const, duration: 0.32 };

  return createPortal(
    <LazyMotion features={domAnimation} strict>
      <AnimatePresence>
        {open ? (
          <>
            <m.div
              key="overlay"
              className={styles.overlay}
              aria-hidden="true"
              initial={{ opacity: 0 }}
              animate={{ opacity: 1 }}
              exit={{ opacity: 0 }}
              transition={reduce ? { duration: 0 } : { duration: 0.2 }}
              onClick={() => onOpenChange(false)}
            />
            <m.div
              key="panel"
              ref={panelRef}
              id={id}
              role="dialog"
              aria-modal="true"
              aria-labelledby={titleId}
              aria-describedby={description ? descriptionId : undefined}
              tabIndex={-1}
              className={`${styles.panelBase} ${styles.panelSide[side]}`}
              initial={reduce ? { opacity: 0 } : hidden}
              animate={reduce ? { opacity: 1 } : { x: 0, y: 0 }}
              exit={reduce ? { opacity: 0 } : hidden}
              transition={transition}
            >
              <div className={styles.header}>
                <h2 id={titleId} className={styles.title}>
                  {title}
                </h2>
                <button type="button" className={styles.close} onClick={() => onOpenChange(false)}>
                  Close
                </button>
              </div>
              {description ? (
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
              ) : null}
              <div className={styles.body}>{children}</div>
            </m.div>
          </>
        ) : null}
      </AnimatePresence>
    </LazyMotion>,
    document.body,
  );
}
