import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { focusMainHeadingWhenShown } from '@/ui/focus/main-heading';

/**
 * After a client-side move to another page (a link, the menu, Next Chapter), focus goes to the
 * new page's main heading, so keyboard and screen reader users start there instead of on the
 * control they used (the Menu button) or at the top of the document. Not on the first load,
 * and not when only the query changes (paging in the viewing room keeps focus on its button).
 */
export function RouteFocus() {
  const router = useRouter();
  useEffect(() => {
    let stop: (() => void) | undefined;
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      stop?.();
      stop = focusMainHeadingWhenShown();
    });
    return () => {
      unsubscribe();
      stop?.();
    };
  }, [router]);
  return null;
}
