/**
 * Scrolls the page so the element ends above `limit` (a viewport y: the top of a layer fixed at
 * the bottom), below the top bar's room (the page's scroll-padding-top). An element taller
 * than that room gets its start shown at the top of it instead. Nothing moves when it is clear.
 */
export function scrollAbove(el: Element, limit: number): void {
  const r = el.getBoundingClientRect();
  const roomTop = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const tall = r.height > limit - roomTop;
  if (!tall && r.bottom <= limit) return;
  if (tall && r.top >= roomTop && r.top < limit) return;
  const delta = tall ? r.top - roomTop : r.bottom - limit;
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: 'instant' });
}
