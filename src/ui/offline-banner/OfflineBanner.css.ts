import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const banner = style({
  position: 'sticky',
  top: vars.layout.topBarHeight,
  zIndex: vars.z.banner,
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.inverseBg,
  color: vars.color.inverseInk,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});

export const dot = style({
  alignSelf: 'center',
  width: 8,
  height: 8,
  flex: 'none',
  borderRadius: '50%',
  background: '#e0a84a',
});
