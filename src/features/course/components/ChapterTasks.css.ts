import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const list = style({ display: 'grid', gap: vars.space.xs, listStyle: 'none', padding: 0 });
export const item = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });
export const box = style({
  width: '1.25rem',
  height: '1.25rem',
  marginTop: '0.15rem',
  accentColor: vars.color.accent,
  flex: 'none',
});
export const label = style({ cursor: 'pointer' });
export const labelDone = style([label, { color: vars.color.muted, textDecoration: 'line-through' }]);
export const ident = style({ fontWeight: 600 });
export const allDone = style({ color: '#2f7a3f', fontWeight: 600 });
