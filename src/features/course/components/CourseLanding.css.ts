import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const hero = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});
export const heroText = style({ display: 'grid', gap: vars.space.md });
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft, lineHeight: vars.lineHeight.body });
export const facts = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', padding: 0 });
globalStyle(`${facts} > li`, {
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
});
export const section = style({ display: 'grid', gap: vars.space.md });
export const accordion = style({
  display: 'grid',
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});
export const entry = style({
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const summary = style({ cursor: 'pointer', padding: vars.space.md, fontWeight: 500 });
export const entryBody = style({ padding: `0 ${vars.space.md} ${vars.space.md}` });
// The portrait's column is as wide as the portrait: an 'auto' column let the text squeeze it to
// nothing on a phone. Below 768 px the portrait stands above the text.
export const instructor = style({
  gridTemplateColumns: '8rem minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.lg,
  '@media': { [media.mobile]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const portrait = style({
  width: '8rem',
  height: '8rem',
  maxWidth: 'none',
  objectFit: 'cover',
  borderRadius: '50%',
  background: vars.color.line,
});
export const guarantee = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'center',
  textAlign: 'center',
  padding: vars.space.xl,
  background: vars.color.inverseBg,
  color: vars.color.inverseInk,
  borderRadius: vars.radius.md,
});
globalStyle(`${guarantee} a`, { color: vars.color.inverseInk });
export const guaranteeButton = style({ width: '100%', maxWidth: '20rem' });
