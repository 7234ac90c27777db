import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const field = style({ display: 'grid', gap: vars.space.xxs });

export const label = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  color: vars.color.ink,
});

export const optional = style({ color: vars.color.muted, fontWeight: 400 });

export const control = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.muted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.snug,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const textarea = style([control, { resize: 'vertical', minHeight: '8rem' }]);

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.xs, margin: 0 });
