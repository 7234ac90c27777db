import { describe, expect, it } from 'vitest';
import {
  clampPan,
  fitScale,
  panBy,
  toggleZoom,
  zoomIn,
  zoomOut,
  zoomPinch,
  zoomSlider,
  zoomWheel,
} from '@/ui/lightbox/zoom';

// The spec's numbers are checked through what they do: buttons ×1.15, wheel ×1.05, maximum 3,
// double-click to 2 (here); the slider's step of 0.1 is checked on the page
// (tests/e2e/viewing-room.spec.ts).
const image = { width: 2000, height: 1000 };
const viewport = { width: 1000, height: 800 };
const fit = fitScale(image, viewport); // 0.5

describe('lightbox zoom', () => {
  it('fit scale shows the whole image', () => {
    expect(fit).toBe(0.5);
    expect(fitScale({ width: 500, height: 2000 }, viewport)).toBe(0.4);
  });

  it('buttons step by 1.15 and stop at fit and 3', () => {
    expect(zoomIn(fit, fit)).toBeCloseTo(0.575);
    expect(zoomOut(fit, fit)).toBe(fit);
    expect(zoomIn(2.9, fit)).toBe(3);
    expect(zoomOut(1, fit)).toBeCloseTo(1 / 1.15);
  });

  it('the wheel steps by 1.05', () => {
    expect(zoomWheel(1, fit, -100)).toBeCloseTo(1.05);
    expect(zoomWheel(1, fit, 100)).toBeCloseTo(1 / 1.05);
    expect(zoomWheel(fit, fit, 100)).toBe(fit);
    expect(zoomWheel(3, fit, -1)).toBe(3);
  });

  it('the slider is clamped to [fit, 3]', () => {
    expect(zoomSlider(0.1, fit)).toBe(fit);
    expect(zoomSlider(1.7, fit)).toBe(1.7);
    expect(zoomSlider(9, fit)).toBe(3);
  });

  it('double-click toggles between fit and 2', () => {
    expect(toggleZoom(fit, fit)).toBe(2);
    expect(toggleZoom(2, fit)).toBe(fit);
    expect(toggleZoom(1.3, fit)).toBe(fit);
  });

  it('pinch follows finger distance within the range', () => {
    expect(zoomPinch(1, 100, 200, fit)).toBe(2);
    expect(zoomPinch(1, 100, 10, fit)).toBe(fit);
    expect(zoomPinch(2, 100, 400, fit)).toBe(3);
  });

  it('pans only when zoomed, and never past the edges', () => {
    expect(panBy({ x: 0, y: 0 }, 50, 50, fit, image, viewport, fit)).toEqual({ x: 0, y: 0 });
    // at 1: image 2000×1000 in 1000×800 → x within ±500, y within ±100
    expect(panBy({ x: 0, y: 0 }, 900, -900, 1, image, viewport, fit)).toEqual({ x: 500, y: -100 });
    expect(clampPan({ x: 300, y: 50 }, fit, image, viewport, fit)).toEqual({ x: 0, y: 0 });
  });

  it('a small image fits at its fit scale even above 1', () => {
    const small = { width: 200, height: 100 };
    const f = fitScale(small, viewport); // 5
    expect(f).toBe(5);
    expect(zoomIn(f, f)).toBe(5);
    expect(toggleZoom(f, f)).toBe(5);
  });
});
