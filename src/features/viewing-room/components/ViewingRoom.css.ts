import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const gate = style({
  maxWidth: '30rem',
  marginInline: 'auto',
  paddingBlock: `${vars.space.xxl}`,
  display: 'grid',
  gap: vars.space.lg,
});

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
});

export const text = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.body });

export const form = style({ display: 'grid', gap: vars.space.md });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr' } },
});

export const consent = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  lineHeight: vars.lineHeight.snug,
});

export const room = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.xxl,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  alignItems: 'start',
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.xl } },
});

export const mainButton = style({
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
  border: `2px solid transparent`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.ink },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const thumbImage = style({ display: 'block', width: '4.5rem', height: '4.5rem', objectFit: 'cover' });

export const details = style({
  display: 'grid',
  gap: vars.space.md,
  position: 'sticky',
  top: `calc(${vars.layout.topBarHeight} + ${vars.space.md})`,
  '@media': { [media.mobile]: { position: 'static' } },
});

export const marks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const mark = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.pill,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  color: vars.color.inkSoft,
});

export const factTerm = style({ color: vars.color.muted, fontFamily: vars.font.sans, fontSize: vars.fontSize.sm });

export const factValue = style({ margin: 0 });

export const description = style({ margin: 0, lineHeight: vars.lineHeight.body, whiteSpace: 'pre-line' });

export const inquiry = style({
  display: 'grid',
  gap: vars.space.md,
  borderTop: `1px solid ${vars.color.line}`,
  paddingTop: vars.space.lg,
});

export const inquiryTitle = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  fontWeight: 400,
  margin: 0,
});

export const priceNote = style({
  margin: 0,
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  color: vars.color.ink,
});

export const status = style({
  margin: 0,
  paddingBlock: vars.space.xxl,
  textAlign: 'center',
  color: vars.color.muted,
});
