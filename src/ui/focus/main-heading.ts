/**
 * Moves focus to the page's main heading (the first <h1> in <main>, else <main> itself), as a
 * screen reader expects after a page change or when what had focus is gone. The heading gets
 * tabindex=-1 so it can take focus without joining the Tab order. Returns whether it moved.
 */
export function focusMainHeading(options: { preventScroll?: boolean } = {}): boolean {
  const main = document.getElementById('main');
  if (!main) return false;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: options.preventScroll ?? true });
  return document.activeElement === target;
}

/**
 * After a page change: focuses the main heading as soon as the new page shows one (its data
 * may still be loading), or <main> after `timeoutMs`. Gives up if the visitor moved focus
 * somewhere else meanwhile. Returns a function that stops waiting.
 */
export function focusMainHeadingWhenShown(timeoutMs = 3000): () => void {
  const main = document.getElementById('main');
  if (!main) return () => {};
  const before = document.activeElement;
  const movedByVisitor = () => {
    const now = document.activeElement;
    return now !== before && now !== document.body && now !== null;
  };
  if (main.querySelector('h1')) {
    focusMainHeading();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (!main.querySelector('h1')) return;
    stop();
    if (!movedByVisitor()) focusMainHeading();
  });
  const timer = window.setTimeout(() => {
    stop();
    if (!movedByVisitor()) focusMainHeading();
  }, timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
