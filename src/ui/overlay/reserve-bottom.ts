import { BOTTOM_OVERLAY_NAME } from '@/styles/overlay.css';
import { scrollAbove } from './scroll-above';

/** Room kept between the layer and what the page scrolls focus to. */
const GAP_PX = 8;

/**
 * A ref callback for a layer fixed at the viewport's bottom (the consent banner): while the
 * element is in the page, the room it takes (its top edge to the bottom, plus a gap) is the
 * bottom-overlay variable (styles/overlay.css.ts), so the page gets that room at its end,
 * scrolls focused controls clear of it and toasts stand above it (WCAG 2.2 SC 2.4.11). The
 * browser's own scroll on focus honours the scroll-padding mostly; where it does not (a control
 * taller than the room left, one it judges visible enough) focus is scrolled clear here.
 */
export function reserveBottom(el: HTMLElement | null): (() => void) | undefined {
  if (!el) return undefined;
  const root = document.documentElement;
  const property = `--${BOTTOM_OVERLAY_NAME}`;
  const measure = () => {
    const room = Math.max(0, Math.ceil(window.innerHeight - el.getBoundingClientRect().top) + GAP_PX);
    root.style.setProperty(property, `${room}px`);
  };
  const clear = () => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && !el.contains(focused))
      scrollAbove(focused, el.getBoundingClientRect().top - GAP_PX);
  };
  // after the browser's own scroll to the focused control
  let frame = 0;
  const onFocus = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(clear);
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(el);
  window.addEventListener('resize', measure);
  document.addEventListener('focusin', onFocus);
  return () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    window.removeEventListener('resize', measure);
    document.removeEventListener('focusin', onFocus);
    root.style.removeProperty(property);
  };
}
