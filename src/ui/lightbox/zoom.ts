// Lightbox zoom rules: start and minimum at the fit scale, maximum 3,
// buttons ×/÷ 1.15, wheel ×/÷ 1.05, slider steps of 0.1, double-click toggles fit ↔ 2,
// panning only above the fit scale and never past the image edges.

export const MAX_SCALE = 3;
const BUTTON_STEP = 1.15;
const WHEEL_STEP = 1.05;
export const SLIDER_STEP = 0.1;
const DOUBLE_CLICK_SCALE = 2;
const EPSILON = 1e-3;

export interface Size {
  width: number;
  height: number;
}

export interface Pan {
  x: number;
  y: number;
}

/** Scale at which the whole image fits the viewport. */
export function fitScale(image: Size, viewport: Size): number {
  if (image.width <= 0 || image.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return 1;
  return Math.min(viewport.width / image.width, viewport.height / image.height);
}

/** The allowed range: [fit, max(fit, 3)]. */
function clampScale(scale: number, fit: number): number {
  const max = Math.max(fit, MAX_SCALE);
  if (!Number.isFinite(scale)) return fit;
  return Math.min(max, Math.max(fit, scale));
}

export function zoomIn(scale: number, fit: number): number {
  return clampScale(scale * BUTTON_STEP, fit);
}

export function zoomOut(scale: number, fit: number): number {
  return clampScale(scale / BUTTON_STEP, fit);
}

/** deltaY < 0 (wheel up / pinch out on a trackpad) zooms in. */
export function zoomWheel(scale: number, fit: number, deltaY: number): number {
  if (deltaY === 0) return scale;
  return clampScale(deltaY < 0 ? scale * WHEEL_STEP : scale / WHEEL_STEP, fit);
}

/** The slider moves in steps of 0.1 between fit and max. */
export function zoomSlider(value: number, fit: number): number {
  return clampScale(value, fit);
}

export function isZoomed(scale: number, fit: number): boolean {
  return scale > fit + EPSILON;
}

/** Double-click: at fit → 2; anywhere else → fit. */
export function toggleZoom(scale: number, fit: number): number {
  return isZoomed(scale, fit) ? fit : clampScale(DOUBLE_CLICK_SCALE, fit);
}

/** Pinch: the scale follows the change in finger distance. */
export function zoomPinch(startScale: number, startDistance: number, distance: number, fit: number): number {
  if (startDistance <= 0) return startScale;
  return clampScale(startScale * (distance / startDistance), fit);
}

/** Keeps the scaled image covering the viewport: no panning at fit, never past an edge. */
export function clampPan(pan: Pan, scale: number, image: Size, viewport: Size, fit: number): Pan {
  if (!isZoomed(scale, fit)) return { x: 0, y: 0 };
  const maxX = Math.max(0, (image.width * scale - viewport.width) / 2);
  const maxY = Math.max(0, (image.height * scale - viewport.height) / 2);
  return { x: Math.min(maxX, Math.max(-maxX, pan.x)), y: Math.min(maxY, Math.max(-maxY, pan.y)) };
}

/** Applies a drag; ignored unless zoomed. */
export function panBy(pan: Pan, dx: number, dy: number, scale: number, image: Size, viewport: Size, fit: number): Pan {
  if (!isZoomed(scale, fit)) return { x: 0, y: 0 };
  return clampPan({ x: pan.x + dx, y: pan.y + dy }, scale, image, viewport, fit);
}
