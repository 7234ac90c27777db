import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** Read out, not shown: the rules, for styles that hide only at some sizes (inside `@media`). */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export const visuallyHidden = style(visuallyHiddenRules);

export const container = style({
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
});

export const eyebrow = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});

/**
 * At least a screen tall below the top bar: for pages that read their content on the device
 * after they start (the learner's pages), so the footer is not in view while they load and then
 * pushed away (layout shift).
 */
export const screenTall = style({ minHeight: `calc(100dvh - ${vars.layout.topBarHeight})` });
