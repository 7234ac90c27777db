import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const connect = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.xl,
  paddingBlock: vars.space.xl,
  borderTop: `1px solid ${vars.color.line}`,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.md } },
});

export const connectTitle = style({ fontSize: vars.fontSize.xxl });

export const connectText = style({ marginTop: vars.space.sm, color: vars.color.inkSoft, maxWidth: '28rem' });
