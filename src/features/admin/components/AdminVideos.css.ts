import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({ display: 'grid', gap: vars.space.lg, paddingBlock: vars.space.xl });

export const header = style({ display: 'grid', gap: vars.space.xs });

export const title = style({ fontSize: vars.fontSize.xxl, fontFamily: vars.font.serif });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  justifyContent: 'space-between',
});

export const field = style({ display: 'grid', gap: vars.space.xxs, minWidth: 'min(100%, 18rem)' });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: 600 });

export const select = style({
  minHeight: '2.75rem',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  fontSize: vars.fontSize.md,
});

export const notice = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.inkSoft,
});

export const list = style({ display: 'grid', gap: vars.space.md, listStyle: 'none', padding: 0, margin: 0 });

export const muted = style({ color: vars.color.muted });

export const centered = style({ textAlign: 'center', justifyItems: 'center' });
