import { style } from '@vanilla-extract/css';
import { bottomOverlay } from '@/styles/overlay.css';
import { vars } from '@/styles/theme.css';

export const shell = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100dvh',
  // Room for the fixed top bar; the offline banner sticks right below it.
  paddingTop: vars.layout.topBarHeight,
  // Room for a layer fixed at the bottom (the consent banner), so the page's end scrolls clear of it.
  paddingBottom: bottomOverlay,
});

export const main = style({
  flex: 1,
  outline: 'none',
});

export const skipLink = style({
  position: 'fixed',
  top: vars.space.xs,
  left: vars.space.xs,
  zIndex: 100,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.ink,
  color: vars.color.bg,
  borderRadius: vars.radius.pill,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});
