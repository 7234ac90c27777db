import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const panel = style({
  display: 'grid',
  gap: vars.space.xs,
  maxWidth: '28rem',
  padding: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});
export const title = style({ fontWeight: 600 });
export const text = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
