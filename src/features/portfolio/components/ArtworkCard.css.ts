import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  color: 'inherit',
  textDecoration: 'none',
});

export const frame = style({
  position: 'relative',
  aspectRatio: '4 / 5',
  padding: 'clamp(0.75rem, 4%, 1.75rem)',
  background: '#ece7de',
  overflow: 'hidden',
  transition: `background-color ${vars.motion.base} ${vars.motion.ease}`,
  selectors: { [`${card}:hover &`]: { background: '#e5dfd4' } },
});

export const image = style({
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  // drop-shadow follows the painted pixels, so letterboxed works get a shadow of their own shape.
  filter: 'drop-shadow(0 1px 1px rgba(29,27,24,0.14)) drop-shadow(0 6px 14px rgba(29,27,24,0.14))',
  transition: `transform ${vars.motion.base} ${vars.motion.ease}`,
  selectors: { [`${card}:hover &`]: { transform: 'translateY(-2px)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { selectors: { [`${card}:hover &`]: { transform: 'none' } } } },
});

export const title = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  selectors: {
    [`${card}:hover &`]: { textDecoration: 'underline', textUnderlineOffset: '0.2em', textDecorationThickness: '1px' },
  },
});

export const meta = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const badge = style({
  flex: 'none',
  padding: `1px ${vars.space.xs}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.04em',
});
