import { recipe } from '@vanilla-extract/recipes';
import { vars } from '@/styles/theme.css';

/** Button look for <button> and links alike. */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    minHeight: '2.75rem',
    paddingInline: vars.space.lg,
    border: '1px solid transparent',
    borderRadius: vars.radius.pill,
    fontFamily: vars.font.sans,
    fontSize: vars.fontSize.sm,
    fontWeight: 500,
    letterSpacing: '0.02em',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast} ease, color ${vars.motion.fast} ease, border-color ${vars.motion.fast} ease`,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
  variants: {
    tone: {
      solid: {
        background: vars.color.ink,
        color: vars.color.bg,
        selectors: { '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.inkSoft } },
      },
      outline: {
        background: 'transparent',
        color: vars.color.ink,
        borderColor: vars.color.ink,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': { background: vars.color.ink, color: vars.color.bg },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.ink,
        paddingInline: vars.space.sm,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.line } },
      },
      inverse: {
        background: vars.color.inverseInk,
        color: vars.color.inverseBg,
        selectors: { '&:hover:not(:disabled)': { background: '#ffffff' } },
      },
    },
    size: {
      md: {},
      sm: { minHeight: '2.25rem', paddingInline: vars.space.md, fontSize: vars.fontSize.xs },
    },
    block: { true: { width: '100%' } },
  },
  defaultVariants: { tone: 'solid', size: 'md' },
});
