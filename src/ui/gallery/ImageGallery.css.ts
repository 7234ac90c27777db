import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const mainButton = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: 'transparent',
  cursor: 'zoom-in',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '3px' } },
});

export const mainImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  maxHeight: '80vh',
  objectFit: 'contain',
  background: vars.color.surface,
});

/** Says the large view zooms (a cursor says so only with a mouse). */
export const zoomHint = style({
  position: 'absolute',
  insetBlockEnd: vars.space.sm,
  insetInlineEnd: vars.space.sm,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: 'rgba(29, 27, 24, 0.72)',
  color: '#fff',
  fontSize: vars.fontSize.xs,
  pointerEvents: 'none',
});

export const thumbs = style({
  listStyle: 'none',
  margin: `${vars.space.sm} 0 0`,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const thumb = style({
  padding: 0,
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.ink },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const thumbImage = style({ display: 'block', width: '4.5rem', height: '4.5rem', objectFit: 'cover' });
