import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const bar = style({
  position: 'fixed',
  insetBlockStart: 0,
  insetInline: 0,
  zIndex: vars.z.topBar,
  height: vars.layout.topBarHeight,
  background: 'rgba(246, 243, 238, 0.92)',
  backdropFilter: 'saturate(140%) blur(10px)',
  WebkitBackdropFilter: 'saturate(140%) blur(10px)',
  borderBottom: `1px solid ${vars.color.line}`,
});

export const inner = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  height: '100%',
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
});

export const brand = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  letterSpacing: '0.01em',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

export const desktopNav = style({
  flex: 1,
  display: 'flex',
  justifyContent: 'center',
  '@media': { [media.mobile]: { display: 'none' } },
});

export const navList = style({
  display: 'flex',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navLink = style({
  position: 'relative',
  display: 'inline-block',
  paddingBlock: vars.space.xs,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.03em',
  textDecoration: 'none',
  color: vars.color.inkSoft,
  selectors: {
    '&:hover': { color: vars.color.ink },
    '&::after': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      insetBlockEnd: 2,
      height: 1,
      background: 'currentColor',
      transform: 'scaleX(0)',
      transformOrigin: 'left',
      transition: `transform ${vars.motion.base} ${vars.motion.ease}`,
    },
    '&:hover::after, &[aria-current="page"]::after': { transform: 'scaleX(1)' },
    '&[aria-current="page"]': { color: vars.color.ink },
  },
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const menuButton = style({
  display: 'none',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.75rem',
  paddingInline: vars.space.sm,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  fontSize: vars.fontSize.sm,
  '@media': { [media.mobile]: { display: 'inline-flex' } },
});

export const burger = style({ display: 'block', width: 18, height: 12, position: 'relative' });
globalStyle(`${burger} span`, {
  position: 'absolute',
  insetInline: 0,
  height: 1.5,
  background: 'currentColor',
  borderRadius: 1,
});
globalStyle(`${burger} span:nth-child(1)`, { top: 0 });
globalStyle(`${burger} span:nth-child(2)`, { top: 5 });
globalStyle(`${burger} span:nth-child(3)`, { top: 10 });

export const mobileList = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const mobileLink = style({
  display: 'block',
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.line}`,
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { color: vars.color.accent } },
});
