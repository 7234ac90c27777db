import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.sheet,
  background: vars.color.overlay,
});

export const panelBase = style({
  position: 'fixed',
  zIndex: vars.z.sheet,
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.ink,
  boxShadow: vars.shadow.raised,
  outline: 'none',
  overflow: 'hidden',
});

export const panelSide = styleVariants({
  right: { insetBlock: 0, insetInlineEnd: 0, width: 'min(26rem, 88vw)' },
  left: { insetBlock: 0, insetInlineStart: 0, width: 'min(26rem, 88vw)' },
  top: { insetInline: 0, insetBlockStart: 0, maxHeight: '85dvh' },
  bottom: {
    insetInline: 0,
    insetBlockEnd: 0,
    maxHeight: '85dvh',
    borderTopLeftRadius: vars.radius.md,
    borderTopRightRadius: vars.radius.md,
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const title = style({ fontSize: vars.fontSize.lg });

export const description = style({
  padding: `${vars.space.sm} ${vars.space.lg} 0`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '2.5rem',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { borderColor: vars.color.ink } },
});

export const body = style({
  flex: 1,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.lg,
});
