import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

const base = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.fontSize.xs });
export const status = styleVariants({
  neutral: [base, { color: vars.color.muted }],
  ok: [base, { color: vars.color.muted }],
  local: [base, { color: vars.color.inkSoft }],
  error: [base, { color: vars.color.danger }],
});
const dotBase = style({ width: 8, height: 8, borderRadius: '50%', flex: 'none' });
export const dot = styleVariants({
  neutral: [dotBase, { background: vars.color.muted, opacity: 0.4 }],
  ok: [dotBase, { background: '#2f7a3f' }],
  local: [dotBase, { background: '#b7791f' }],
  error: [dotBase, { background: vars.color.danger }],
});
export const details = style({ display: 'grid', gap: vars.space.xs });
export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const item = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
