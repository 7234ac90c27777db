import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const page = style({ paddingBlock: `${vars.space.xl} ${vars.space.xxl}` });

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  margin: `${vars.space.xs} 0 ${vars.space.xl}`,
});

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.xxl,
  alignItems: 'start',
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.xl } },
});

export const aside = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
});

export const heading = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  fontWeight: 400,
  margin: `0 0 ${vars.space.sm}`,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  color: vars.color.inkSoft,
});

export const link = style({ color: vars.color.ink, textUnderlineOffset: '0.2em' });
