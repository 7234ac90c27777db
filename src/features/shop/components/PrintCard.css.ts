import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
  scrollMarginTop: `calc(${vars.layout.topBarHeight} + 1rem)`,
});

export const highlighted = style({ outline: `2px solid ${vars.color.accent}`, outlineOffset: vars.space.xs });

export const imageLink = style({
  display: 'block',
  aspectRatio: '4 / 5',
  overflow: 'hidden',
  background: vars.color.line,
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
});

export const titleLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const meta = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const price = style({ fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums' });
