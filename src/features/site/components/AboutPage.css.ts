import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const page = style({ paddingBlock: `${vars.space.xl} ${vars.space.xxl}` });

export const intro = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
  gap: vars.space.xxl,
  alignItems: 'start',
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.lg } },
});

export const portrait = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.line,
});

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  margin: `${vars.space.xs} 0 ${vars.space.lg}`,
});

export const prose = style({
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.inkSoft,
  maxWidth: '40rem',
});

globalStyle(`${prose} > * + *`, { marginTop: vars.space.md });

export const cv = style({
  marginTop: vars.space.xxl,
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xl,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr' } },
});

export const cvHeading = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  fontWeight: 400,
  margin: `0 0 ${vars.space.md}`,
});

export const cvList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const cvItem = style({
  display: 'grid',
  gridTemplateColumns: '4rem 1fr',
  gap: vars.space.md,
  borderTop: `1px solid ${vars.color.line}`,
  paddingTop: vars.space.sm,
});

export const year = style({ fontFamily: vars.font.sans, fontSize: vars.fontSize.sm, color: vars.color.muted });
