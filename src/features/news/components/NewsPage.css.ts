import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({ paddingBlock: `${vars.space.xl} ${vars.space.xxl}` });

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  margin: `${vars.space.xs} 0 ${vars.space.xl}`,
});

export const notFound = style({
  maxWidth: '44rem',
  marginInline: 'auto',
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
});
