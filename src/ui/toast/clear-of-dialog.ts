import { TOAST_LIFT_NAME } from './Toaster.css';
import { type Spot, spotClearOf } from './toast-spot';

const CONTROLS = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The modal dialog on top (a lightbox, a sheet), if one is open. */
export function openDialog(): HTMLElement | null {
  const dialogs = document.querySelectorAll<HTMLElement>('[aria-modal="true"]');
  return dialogs[dialogs.length - 1] ?? null;
}

/** Lays the toast list out at `spot` (Toaster.css.ts reads data-placement and the lift). */
export function applySpot(list: HTMLElement, spot: Spot): void {
  if (spot.placement === 'bottom') delete list.dataset.placement;
  else list.dataset.placement = spot.placement;
  if (spot.placement === 'lifted') list.style.setProperty(`--${TOAST_LIFT_NAME}`, `${spot.lift}px`);
  else list.style.removeProperty(`--${TOAST_LIFT_NAME}`);
}

/**
 * A dialog's controls cannot scroll out from under the toasts (a lightbox's zoom buttons sit at
 * the bottom of a phone, where toasts stand), so the toasts move off them: to the top, or just
 * above them. Where no spot leaves them all clear the toasts stay at the bottom, dismissable.
 */
export function placeClearOfDialog(list: HTMLElement, dialog: HTMLElement): void {
  const controls = Array.from(dialog.querySelectorAll(CONTROLS), (c) => c.getBoundingClientRect()).filter(
    (r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight,
  );
  const measure = (spot: Spot) => {
    applySpot(list, spot);
    return list.getBoundingClientRect();
  };
  applySpot(list, spotClearOf(measure, controls, window.innerHeight) ?? { placement: 'bottom' });
}
