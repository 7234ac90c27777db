import { useQueryClient } from '@tanstack/react-query';

/**
 * A server render records its clock here, and the page's query state carries it to the
 * browser: UI that depends on the time (a countdown) renders with it on the server and while
 * hydrating, so the browser's first render matches the HTML, then follows its own clock.
 */
export const RENDER_TIME_KEY = ['server-render-time'] as const;

/** The time the server rendered this page at, or undefined when it did not. */
export function useServerRenderTime(): number | undefined {
  return useQueryClient().getQueryData<number>(RENDER_TIME_KEY);
}
