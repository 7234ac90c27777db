import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const teaser = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.xl,
  padding: 'clamp(1.25rem, 4vw, 3.5rem)',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr' } },
});

export const frame = style({
  aspectRatio: '4 / 5',
  padding: 'clamp(1rem, 6%, 2.5rem)',
  background: '#ece7de',
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  // drop-shadow follows the painted pixels, so letterboxed works get a shadow of their own shape.
  filter: 'drop-shadow(0 1px 1px rgba(29,27,24,0.14)) drop-shadow(0 6px 14px rgba(29,27,24,0.14))',
});

export const body = style({ display: 'grid', gap: vars.space.md, alignContent: 'center' });

export const title = style({ fontSize: vars.fontSize.xxl });

export const printTitle = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.snug,
});

export const text = style({ color: vars.color.inkSoft, maxWidth: '32rem' });

export const facts = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
