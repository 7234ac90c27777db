import { type RefObject, useLayoutEffect } from 'react';
import { scrollAbove } from '../overlay/scroll-above';
import { applySpot, openDialog, placeClearOfDialog } from './clear-of-dialog';
import { overlap } from './toast-spot';

/**
 * Keeps the toasts off the focused control (WCAG 2.2 SC 2.4.11): they stand at the bottom
 * (above the consent banner, by CSS; no data-placement) unless they would lie over the element that has focus;
 * then they move to the top, under the top bar, and back when focus moves on; where they
 * would cover it in both places the page scrolls it above them. While a modal dialog is open
 * they keep off all of its controls instead (clear-of-dialog.ts). Checked when toasts come,
 * when focus moves and when the page scrolls or resizes, only while there are toasts.
 */
export function useClearOfFocus(list: RefObject<HTMLElement | null>, count: number): void {
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || count === 0) return;
    const place = () => {
      const dialog = openDialog();
      if (dialog) return placeClearOfDialog(el, dialog);
      const focused = document.activeElement;
      const rect = (placement: 'bottom' | 'top') => {
        applySpot(el, { placement });
        return el.getBoundingClientRect();
      };
      if (!focused || focused === document.body || el.contains(focused)) {
        applySpot(el, { placement: 'bottom' });
        return;
      }
      const target = focused.getBoundingClientRect();
      const below = overlap(rect('bottom'), target);
      if (below === 0) return;
      if (overlap(rect('top'), target) === 0) return;
      // covered in both places: the toasts stay at the bottom and the control scrolls above them
      scrollAbove(focused, rect('bottom').top - 8);
    };
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    // now, and again after the browser's own scroll to the focused control
    const onFocus = () => {
      place();
      later();
    };
    place();
    document.addEventListener('focusin', onFocus);
    window.addEventListener('scroll', later, { passive: true, capture: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', onFocus);
      window.removeEventListener('scroll', later, { capture: true });
      window.removeEventListener('resize', later);
    };
  }, [list, count]);
}
