import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Scrolls to the top whenever the path or the query string changes (not on hash changes). */
export function ScrollToTop() {
  const key = useRouterState({ select: (s) => `${s.location.pathname}?${s.location.searchStr}` });
  useEffect(() => {
    if (!key) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key]);
  return null;
}
