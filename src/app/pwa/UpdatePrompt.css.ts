import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const prompt = style({
  position: 'fixed',
  zIndex: vars.z.toast,
  insetBlockEnd: vars.space.md,
  insetInlineStart: vars.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: 'calc(100vw - 2rem)',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.inverseBg,
  color: vars.color.inverseInk,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  fontSize: vars.fontSize.sm,
});

export const dismiss = style({
  border: 0,
  background: 'transparent',
  color: vars.color.inverseMuted,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  fontSize: vars.fontSize.sm,
});
