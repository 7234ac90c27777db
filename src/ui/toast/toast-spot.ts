/** Where the toast list stands: its default at the bottom, under the top bar, or lifted by `lift` px. */
export type Spot = { placement: 'bottom' } | { placement: 'top' } | { placement: 'lifted'; lift: number };

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Room kept between the toasts and a control they stand above. */
const GAP_PX = 8;

export function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The first spot where the toasts (their box as `measure` lays them out there) cover none of
 * `controls`: the bottom, the top, else lifted just above the controls they would cover at the
 * bottom, and again above the next ones, while the list still fits in the viewport. Null when
 * no spot leaves every control clear.
 */
export function spotClearOf(measure: (spot: Spot) => Box, controls: Box[], viewportHeight: number): Spot | null {
  const covered = (box: Box) => controls.filter((c) => overlap(box, c) > 0);
  for (const spot of [{ placement: 'bottom' }, { placement: 'top' }] satisfies Spot[])
    if (covered(measure(spot)).length === 0) return spot;
  let box = measure({ placement: 'bottom' });
  let hit = covered(box);
  while (hit.length > 0) {
    const edge = Math.min(...hit.map((c) => c.top)) - GAP_PX;
    if (edge - (box.bottom - box.top) < 0) return null;
    const spot: Spot = { placement: 'lifted', lift: Math.ceil(viewportHeight - edge) };
    box = measure(spot);
    hit = covered(box);
    if (hit.length === 0) return spot;
  }
  return null;
}
