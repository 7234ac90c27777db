import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&:hover': { borderColor: vars.color.ink },
    // the class's display would override the attribute's
    '&[hidden]': { display: 'none' },
  },
});

export const count = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.5rem',
  height: '1.5rem',
  paddingInline: vars.space.xxs,
  borderRadius: vars.radius.pill,
  background: vars.color.ink,
  color: vars.color.bg,
  fontSize: vars.fontSize.xs,
  fontVariantNumeric: 'tabular-nums',
});
