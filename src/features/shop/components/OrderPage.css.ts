import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  maxWidth: '46rem',
});

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight, margin: 0 });

export const muted = style({ color: vars.color.muted, margin: 0, lineHeight: vars.lineHeight.body });

export const section = style({ display: 'grid', gap: vars.space.sm });

export const h2 = style({ fontSize: vars.fontSize.lg, margin: 0, fontWeight: 'normal' });

export const steps = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

export const step = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.muted,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
});

export const stepDone = style({
  background: vars.color.inverseBg,
  color: vars.color.inverseInk,
  borderColor: vars.color.inverseBg,
});

export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.sm });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  borderBottom: `1px solid ${vars.color.line}`,
  paddingBlock: vars.space.sm,
});

export const void_ = style({ color: vars.color.muted, textDecoration: 'line-through' });

export const code = style({ fontFamily: 'ui-monospace, monospace', letterSpacing: '0.06em' });
