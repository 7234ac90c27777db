import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const form = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, width: '100%' });

const fieldBase = style({
  flex: '1 1 12rem',
  minWidth: 0,
  minHeight: '2.75rem',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  outlineOffset: '2px',
});

export const field = styleVariants({
  light: [
    fieldBase,
    { background: vars.color.surfaceRaised, color: vars.color.ink, border: `1px solid ${vars.color.muted}` },
  ],
  dark: [
    fieldBase,
    {
      background: 'transparent',
      color: vars.color.inverseInk,
      border: `1px solid ${vars.color.inverseMuted}`,
      selectors: { '&::placeholder': { color: vars.color.inverseMuted } },
    },
  ],
});

/** A field error from the server, on its own line below the field and the button. */
export const error = styleVariants({
  light: { flexBasis: '100%', margin: 0, fontSize: vars.fontSize.xs, color: vars.color.danger },
  dark: { flexBasis: '100%', margin: 0, fontSize: vars.fontSize.xs, color: vars.color.inverseInk },
});
