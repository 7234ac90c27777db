import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const box = style({ display: 'grid', gap: vars.space.xs });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const progress = style({ flex: '1 1 8rem', height: '0.75rem', accentColor: vars.color.accent });

export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const done = style({ color: '#1f4a1a', fontWeight: 600, fontSize: vars.fontSize.sm });

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});

export const list = style({ display: 'grid', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: 0 });

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const heading = style({ fontSize: vars.fontSize.lg, fontFamily: vars.font.serif });

export const page = style({ display: 'grid', gap: vars.space.lg, paddingBlock: vars.space.xl });

export const title = style({ fontSize: vars.fontSize.xxl, fontFamily: vars.font.serif });
