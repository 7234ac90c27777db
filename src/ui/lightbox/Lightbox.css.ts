import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.sheet,
  // opaque: at 0.94 the page's headings and menu showed through behind the caption and controls
  background: 'rgb(12, 11, 10)',
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
  color: '#f6f3ee',
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
});

export const caption = style({
  margin: 0,
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.md,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const stage = style({
  position: 'relative',
  overflow: 'hidden',
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'zoom-in',
  selectors: { '&[data-zoomed="true"]': { cursor: 'grab' }, '&[data-dragging="true"]': { cursor: 'grabbing' } },
});

export const image = style({
  position: 'absolute',
  left: '50%',
  top: '50%',
  maxWidth: 'none',
  transformOrigin: 'center center',
  willChange: 'transform',
  pointerEvents: 'none',
});

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md} max(${vars.space.sm}, env(safe-area-inset-bottom))`,
});

export const control = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  border: '1px solid rgba(246, 243, 238, 0.5)',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&:disabled': { opacity: 0.4, cursor: 'default' },
    '&:focus-visible': { outline: '2px solid #f6f3ee', outlineOffset: '2px' },
  },
});

export const slider = style({ width: 'min(16rem, 40vw)', accentColor: '#f6f3ee' });

export const percent = style({
  minWidth: '3.5rem',
  textAlign: 'center',
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});
