import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const screen = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '60vh',
  padding: `${vars.space.xxl} ${vars.layout.gutter}`,
  textAlign: 'center',
});

export const inner = style({ display: 'grid', justifyItems: 'center', gap: vars.space.md, maxWidth: '36rem' });

export const code = style({
  fontFamily: vars.font.serif,
  fontSize: 'clamp(4rem, 3rem + 6vw, 8rem)',
  lineHeight: 1,
  color: vars.color.accent,
});

export const heading = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.snug,
});

export const message = style({
  maxWidth: '100%',
  padding: vars.space.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  textAlign: 'start',
});

export const muted = style({ color: vars.color.muted });

export const spinner = style({
  width: 28,
  height: 28,
  borderRadius: '50%',
  border: `2px solid ${vars.color.line}`,
  borderTopColor: vars.color.ink,
  animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 0.9s linear infinite`,
});

/**
 * Loading placeholder: at least a viewport tall, so the footer below it never jumps (CLS). In
 * the server's frame of a page with JavaScript off nothing is loading: the page's note says why.
 */
export const pending = style([
  screen,
  {
    minHeight: `calc(100dvh - ${vars.layout.topBarHeight})`,
    '@media': { '(scripting: none)': { display: 'none' } },
  },
]);
