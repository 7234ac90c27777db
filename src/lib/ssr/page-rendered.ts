// When the page itself (not only the layout around it) is in the document and handles events.
// The router renders each page in a Suspense boundary of its own, which React hydrates after
// the layout; every page renders one PageHead (src/ui/page-head/PageHead.tsx), whose effect
// reports it here.

let rendered = false;
const waiting: Array<() => void> = [];

export function markPageRendered(): void {
  if (rendered) return;
  rendered = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/** Resolves once a page has rendered, or after `capMs` (a page without a head). */
export function pageRendered(capMs: number): Promise<void> {
  if (rendered) return Promise.resolve();
  return new Promise((resolve) => {
    waiting.push(resolve);
    setTimeout(resolve, capMs);
  });
}
