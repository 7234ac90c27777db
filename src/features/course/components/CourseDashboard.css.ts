import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const intro = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });
export const chapters = style({ display: 'grid', gap: vars.space.md });
export const list = style({ display: 'grid', gap: vars.space.xs, listStyle: 'none', padding: 0 });
export const hover = style({
  marginInlineStart: 'auto',
  fontSize: vars.fontSize.sm,
  color: vars.color.accent,
  opacity: 0,
  transition: `opacity ${vars.motion.fast} ease`,
});
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  textDecoration: 'none',
});
globalStyle(`a${item}:hover ${hover}, a${item}:focus-visible ${hover}`, { opacity: 1 });
export const number = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  color: vars.color.muted,
  minWidth: '2ch',
});
export const chapterText = style({ display: 'grid', gap: vars.space.xxs });
export const chapterTitle = style({ fontWeight: 600 });
export const check = style({ color: '#2f7a3f', fontWeight: 700 });
