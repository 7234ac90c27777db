import { createGlobalVar, keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { bottomOverlay } from '@/styles/overlay.css';
import { media, vars } from '@/styles/theme.css';

/** How far above the viewport's bottom the toasts stand when lifted over an open dialog's controls. */
export const TOAST_LIFT_NAME = 'atelier-toast-lift';
const lift = createGlobalVar(TOAST_LIFT_NAME);

export const viewport = style({
  position: 'fixed',
  zIndex: vars.z.toast,
  // above the consent banner while it is up (a toast never covers it)
  insetBlockEnd: `calc(${bottomOverlay} + ${vars.space.md})`,
  insetInlineEnd: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: 'min(24rem, calc(100vw - 2rem))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  pointerEvents: 'none',
  '@media': { [media.mobile]: { insetInlineEnd: vars.space.md, insetInlineStart: vars.space.md, width: 'auto' } },
  selectors: {
    // moved off the focused control (clear-of-focus.ts): under the top bar
    '&[data-placement="top"]': {
      insetBlockEnd: 'auto',
      insetBlockStart: `calc(${vars.layout.topBarHeight} + ${vars.space.md})`,
    },
    // moved off an open dialog's controls (clear-of-dialog.ts): just above the ones below them
    '&[data-placement="lifted"]': { insetBlockEnd: lift },
  },
});

// grows in place: a toast sliding in from below its box would lie, for its first frames, over a
// control just under the list, where clear-of-focus.ts sees nothing of it
const enter = keyframes({
  from: { opacity: 0, transform: 'scale(0.96)' },
  to: { opacity: 1, transform: 'none' },
});

export const toast = recipe({
  base: {
    animation: `${enter} ${vars.motion.base} ${vars.motion.ease} both`,
    pointerEvents: 'auto',
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    alignItems: 'start',
    gap: vars.space.sm,
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.raised,
    border: `1px solid ${vars.color.line}`,
  },
  variants: {
    destructive: {
      false: { background: vars.color.surfaceRaised, color: vars.color.ink },
      true: { background: vars.color.danger, color: vars.color.dangerInk, borderColor: vars.color.danger },
    },
  },
  defaultVariants: { destructive: false },
});

export const title = style({ fontWeight: 600, fontSize: vars.fontSize.sm });
export const description = style({ fontSize: vars.fontSize.sm });

export const close = style({
  border: 0,
  background: 'transparent',
  padding: vars.space.xxs,
  lineHeight: 1,
  fontSize: vars.fontSize.lg,
  borderRadius: vars.radius.sm,
});
