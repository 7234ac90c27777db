import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '70vh',
  padding: `${vars.space.xl} ${vars.layout.gutter}`,
});

export const card = style({
  width: '100%',
  maxWidth: '26rem',
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.xl,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.soft,
  textAlign: 'center',
});

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.snug,
});
export const lead = style({ color: vars.color.muted });
export const actions = style({ display: 'grid', gap: vars.space.sm });
export const demo = style({
  display: 'grid',
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.line}`,
});
export const hint = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const terms = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const spinnerRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
});
export const spinner = style({
  width: 20,
  height: 20,
  borderRadius: '50%',
  border: `2px solid ${vars.color.line}`,
  borderTopColor: vars.color.ink,
  animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 0.9s linear infinite`,
});
