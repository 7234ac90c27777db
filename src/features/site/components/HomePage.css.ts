import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const sections = style({
  display: 'grid',
  gap: vars.space.xxxl,
  '@media': { [media.mobile]: { gap: vars.space.xxl } },
});
