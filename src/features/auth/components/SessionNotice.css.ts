import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const notice = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.line}`,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});
export const link = style({ color: vars.color.ink, textDecoration: 'underline' });
