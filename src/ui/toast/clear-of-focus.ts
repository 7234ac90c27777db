import { type RefObject, useLayoutEffect } from 'react';
import { scrollAbove } from '../overlay/scroll-above';

type Placement = 'bottom' | 'top';

function overlap(a: DOMRect, b: DOMRect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Keeps the toasts off the focused control (WCAG 2.2 SC 2.4.11): they stand at the bottom
 * (above the consent banner, by CSS; no data-placement) unless they would lie over the element that has focus;
 * then they move to the top, under the top bar, and back when focus moves on; where they
 * would cover it in both places the page scrolls it above them. Checked when
 * toasts come, when focus moves and when the page scrolls or resizes, only while there are toasts.
 */
export function useClearOfFocus(list: RefObject<HTMLElement | null>, count: number): void {
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || count === 0) return;
    const place = () => {
      const focused = document.activeElement;
      const rect = (p: Placement) => {
        if (p === 'top') el.dataset.placement = p;
        else delete el.dataset.placement;
        return el.getBoundingClientRect();
      };
      if (!focused || focused === document.body || el.contains(focused)) {
        delete el.dataset.placement;
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
