import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const hero = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
});

export const intro = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr)',
  alignItems: 'end',
  gap: vars.space.xl,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.md } },
});

export const name = style({
  fontSize: vars.fontSize.display,
  lineHeight: 1,
  marginTop: vars.space.sm,
});

export const tagline = style({
  maxWidth: '30rem',
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  fontFamily: vars.font.serif,
});

export const ctas = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg });

export const figure = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  background: vars.color.line,
  '@media': { [media.mobile]: { aspectRatio: '4 / 3' } },
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
