import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: 'minmax(0, 1fr) 18rem' } },
});
export const main = style({ display: 'grid', gap: vars.space.md });
export const back = style({ color: vars.color.ink, fontSize: vars.fontSize.sm });
