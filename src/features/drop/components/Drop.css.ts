import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.xxl,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  alignItems: 'center',
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.xl } },
});

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 5',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.line,
});

export const body = style({ display: 'grid', gap: vars.space.lg });

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
});

export const text = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.body });

export const release = style({
  margin: 0,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});

export const countdown = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

export const unit = style({
  display: 'grid',
  justifyItems: 'center',
  padding: `${vars.space.md} ${vars.space.xs}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const number = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xl,
  fontVariantNumeric: 'tabular-nums',
  margin: 0,
});

export const label = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.muted,
  margin: 0,
});

export const live = style({ margin: 0, fontFamily: vars.font.serif, fontSize: vars.fontSize.xl });

export const form = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const input = style({
  flex: '1 1 14rem',
  minHeight: '2.75rem',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.muted}`,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
});

/** A field error from the server, on its own line below the field and the button. */
export const error = style({ flexBasis: '100%', margin: 0, fontSize: vars.fontSize.xs, color: vars.color.danger });

export const buy = style({ display: 'grid', gap: vars.space.sm, justifyItems: 'start' });

export const count = style({ margin: 0, fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums' });
