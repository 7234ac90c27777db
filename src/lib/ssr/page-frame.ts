import { createContext } from 'react';

/**
 * True while the server renderer draws the site's frame for a page it does not render (an
 * account page, the viewing room, a payment's status): the top bar and a loading line, so a
 * first visit paints the site at once instead of a blank page until the app has started
 * (pb_hooks/lib/pages/ssr.js serves it; src/start.tsx renders the app over it).
 */
export const PageFrameContext = createContext(false);

/** The attribute the served frame's #root carries. */
export const FRAME_ATTRIBUTE = 'data-frame';
