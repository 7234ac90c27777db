import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const frame = style({ display: 'grid', gap: vars.space.xs });
export const video = style({ width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: vars.radius.md });
export const note = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const placeholder = style({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  aspectRatio: '16 / 9',
  background: vars.color.inverseBg,
  color: vars.color.inverseInk,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
});
