import { describe, expect, it } from 'vitest';
import { type Box, type Spot, spotClearOf } from '@/ui/toast/toast-spot';

// A phone, 390 × 844: the toast list is 80 px tall and spans the width (16 px margins).
const HEIGHT = 844;
const box = (top: number, bottom: number, left = 16, right = 374): Box => ({ top, bottom, left, right });
const LIST = 80;
const measure = (spot: Spot): Box => {
  if (spot.placement === 'top') return box(80, 80 + LIST);
  const bottom = HEIGHT - (spot.placement === 'lifted' ? spot.lift : 16);
  return box(bottom - LIST, bottom);
};

describe('toasts over an open dialog', () => {
  it('stay at the bottom when they cover none of its controls', () => {
    expect(spotClearOf(measure, [box(10, 54, 330, 374)], HEIGHT)).toEqual({ placement: 'bottom' });
  });

  it('move to the top when they would cover a control at the bottom', () => {
    expect(spotClearOf(measure, [box(780, 824, 100, 144)], HEIGHT)).toEqual({ placement: 'top' });
  });

  it('stand just above the bottom controls when the top has controls too', () => {
    const close = box(84, 128, 330, 374);
    const zoomOut = box(780, 824, 60, 104);
    const zoomIn = box(784, 820, 260, 304);
    const spot = spotClearOf(measure, [close, zoomOut, zoomIn], HEIGHT);
    expect(spot).toEqual({ placement: 'lifted', lift: HEIGHT - 772 });
    if (!spot) throw new Error('no spot');
    expect(measure(spot).bottom).toBeLessThanOrEqual(zoomOut.top);
  });

  it('climb over rows of controls, and give up when none leaves them all clear', () => {
    const rows = [box(100, 144), box(780, 824), box(700, 744)];
    expect(spotClearOf(measure, rows, HEIGHT)).toEqual({ placement: 'lifted', lift: HEIGHT - 692 });
    const everywhere = Array.from({ length: 20 }, (_, i) => box(i * 44, i * 44 + 40));
    expect(spotClearOf(measure, everywhere, HEIGHT)).toBeNull();
  });
});
