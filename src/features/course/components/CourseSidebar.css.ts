import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const list = style({ display: 'grid', gap: vars.space.xxs, listStyle: 'none', padding: 0 });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.ink,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { 'a&:hover': { background: vars.color.line } },
});
export const current = style([item, { background: vars.color.line, fontWeight: 600 }]);
const iconBase = style({ width: '1.25rem', textAlign: 'center', flex: 'none' });
export const icon = styleVariants({
  done: [iconBase, { color: '#2f7a3f', fontWeight: 700 }],
  open: [iconBase, { color: vars.color.muted }],
  locked: [iconBase],
});
