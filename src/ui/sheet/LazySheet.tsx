import { lazy, Suspense, useEffect, useState } from 'react';
import type { SheetProps } from './Sheet';

const loadSheet = () => import('./Sheet');
const SheetImpl = lazy(() => loadSheet().then((mod) => ({ default: mod.Sheet })));

/** Fetches the sheet code ahead of the first open (it is precached for offline use anyway). */
function preloadSheet() {
  void loadSheet();
}

/**
 * The Sheet, loaded on demand: its code (and framer-motion) stays out of the first page load.
 * Once opened it stays mounted, so closing animates.
 */
export function Sheet(props: SheetProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(preloadSheet);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SheetImpl {...props} />
    </Suspense>
  );
}
