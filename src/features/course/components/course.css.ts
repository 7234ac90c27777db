// Shared building blocks of the course pages (cards, bars, badges).
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({ display: 'grid', gap: vars.space.xl, paddingBlock: vars.space.xl });
export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  lineHeight: vars.lineHeight.tight,
});
export const h2 = style({ fontFamily: vars.font.serif, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.snug });
export const h3 = style({ fontFamily: vars.font.serif, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.snug });
export const muted = style({ color: vars.color.muted });
export const small = style({ fontSize: vars.fontSize.sm });
export const card = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.soft,
  alignContent: 'start',
});
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const between = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const grid2 = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});
export const grid3 = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
});
export const price = style({ fontFamily: vars.font.serif, fontSize: vars.fontSize.xxl, lineHeight: 1 });
export const list = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingInlineStart: vars.space.lg,
  listStyle: 'disc',
});
export const cover = style({
  width: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.line,
});
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  paddingInline: vars.space.sm,
  paddingBlock: '0.15rem',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.inkSoft,
});
export const badgeDone = style([
  badge,
  { background: vars.color.ink, color: vars.color.bg, borderColor: vars.color.ink },
]);
export const bar = style({
  height: 8,
  borderRadius: vars.radius.pill,
  background: vars.color.line,
  overflow: 'hidden',
});
export const barFill = style({
  height: '100%',
  background: vars.color.accent,
  transition: `width ${vars.motion.base} ease`,
});
export const prose = style({
  display: 'grid',
  gap: vars.space.sm,
  whiteSpace: 'pre-line',
  lineHeight: vars.lineHeight.body,
});
export const center = style({
  display: 'grid',
  placeItems: 'center',
  // the rows packed in the middle of the screen, not stretched apart over it
  alignContent: 'center',
  gap: vars.space.md,
  minHeight: '50vh',
  textAlign: 'center',
});
/** An empty list's card: its few lines together, as tall as they are. */
export const empty = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});
export const spinner = style({
  width: 24,
  height: 24,
  borderRadius: '50%',
  border: `2px solid ${vars.color.line}`,
  borderTopColor: vars.color.ink,
  animation: `${keyframes({ to: { transform: 'rotate(360deg)' } })} 0.9s linear infinite`,
});
export const dimmed = style({ opacity: 0.5 });
