import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const wrap = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });

export const select = style({
  minHeight: '2.75rem',
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.ink,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
});

export const note = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
