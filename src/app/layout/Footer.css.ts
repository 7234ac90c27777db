import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const footer = style({
  marginTop: vars.space.xxxl,
  background: vars.color.inverseBg,
  color: vars.color.inverseInk,
});
// the page's blue ring is 2.8:1 on this near-black; a focus ring needs 3:1 against what it sits on
globalStyle(`${footer} :focus-visible`, { outlineColor: vars.color.inverseInk });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: '1.2fr 1fr 1.6fr 1.2fr',
  gap: vars.space.xl,
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  padding: `${vars.space.xxl} ${vars.layout.gutter} ${vars.space.xl}`,
  '@media': {
    'screen and (max-width: 1023.98px)': { gridTemplateColumns: '1fr 1fr' },
    [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.lg },
  },
});

export const name = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
});

export const tagline = style({
  marginTop: vars.space.sm,
  color: vars.color.inverseMuted,
  fontSize: vars.fontSize.sm,
  maxWidth: '22rem',
});

export const heading = style({
  marginBottom: vars.space.sm,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.inverseMuted,
});

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const link = style({
  color: vars.color.inverseInk,
  textDecoration: 'none',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const text = style({ color: vars.color.inverseInk, fontSize: vars.fontSize.sm, marginBottom: vars.space.sm });

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  // its divider spans the content column, as the columns above do, not the gutters beside it
  width: `calc(min(100%, ${vars.layout.maxWidth}) - 2 * ${vars.layout.gutter})`,
  marginInline: 'auto',
  padding: `${vars.space.md} 0 ${vars.space.lg}`,
  borderTop: '1px solid rgba(246, 243, 238, 0.16)',
  color: vars.color.inverseMuted,
  fontSize: vars.fontSize.xs,
});

export const bottomLink = style({ color: vars.color.inverseInk });

export const bottomButton = style({
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.inverseInk,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
});

export const note = style({ marginTop: vars.space.xs, color: vars.color.inverseMuted, fontSize: vars.fontSize.xs });
export const noteLink = style({ color: vars.color.inverseInk, textDecoration: 'underline' });

export const legal = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
