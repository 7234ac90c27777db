import { createGlobalVar, fallbackVar } from '@vanilla-extract/css';

/**
 * How much of the viewport's bottom a layer of the site's own (the consent banner) takes
 * while it is up: the page leaves that much room at its end and scrolls focus clear of it
 * (scroll-padding), and toasts stand above it. Set by src/ui/overlay/reserve-bottom.ts.
 */
export const BOTTOM_OVERLAY_NAME = 'atelier-bottom-overlay';
const bottomOverlayVar = createGlobalVar(BOTTOM_OVERLAY_NAME);
export const bottomOverlay = fallbackVar(bottomOverlayVar, '0px');
