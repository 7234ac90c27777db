import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const hint = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
});
