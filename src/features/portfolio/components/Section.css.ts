import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const section = style({ display: 'grid', gap: vars.space.lg });

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const title = style({ fontSize: vars.fontSize.xxl });

export const more = style({ fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });

export const empty = style({ color: vars.color.muted, paddingBlock: vars.space.xl });
