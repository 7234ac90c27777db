import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({ display: 'grid', gap: vars.space.xl, paddingBlock: `${vars.space.xl} 0` });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const title = style({ fontSize: vars.fontSize.display, lineHeight: 1 });

export const count = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, fontVariantNumeric: 'tabular-nums' });

export const empty = style({ color: vars.color.muted, paddingBlock: vars.space.xl });
