import { globalStyle } from '@vanilla-extract/css';
import { bottomOverlay } from './overlay.css';
import { media, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  scrollPaddingTop: vars.layout.topBarHeight,
  // focus scrolls clear of the consent banner while it is up (WCAG 2.2 SC 2.4.11)
  scrollPaddingBottom: bottomOverlay,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  background: vars.color.bg,
  color: vars.color.ink,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.serif,
  fontWeight: 400,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: '-0.01em',
  margin: 0,
});

globalStyle('p, figure, blockquote, dl, dd, ul, ol', { margin: 0 });
globalStyle('ul[role="list"], ol[role="list"]', { listStyle: 'none', padding: 0 });

globalStyle('img, svg, video', { display: 'block', maxWidth: '100%' });
globalStyle('img', { height: 'auto' });

globalStyle('a', { color: 'inherit', textUnderlineOffset: '0.2em', textDecorationThickness: '1px' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
globalStyle('button', { cursor: 'pointer' });
// a press the boot script keeps until the app has started (scripts/vite/boot-after-paint.ts)
globalStyle('[data-early-pending]', { cursor: 'progress', opacity: 0.7 });

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '3px',
  borderRadius: vars.radius.sm,
});

globalStyle('::selection', { background: vars.color.ink, color: vars.color.bg });

globalStyle('*, *::before, *::after', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
