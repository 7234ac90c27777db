import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const banner = style({
  position: 'fixed',
  zIndex: vars.z.banner,
  insetInline: vars.space.md,
  insetBlockEnd: vars.space.md,
  maxWidth: '40rem',
  marginInline: 'auto',
  padding: vars.space.md,
  background: vars.color.surfaceRaised,
  color: vars.color.ink,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  '@media': { [media.mobile]: { insetInline: vars.space.sm, insetBlockEnd: vars.space.sm } },
});

export const title = style({ fontFamily: vars.font.serif, fontSize: vars.fontSize.md, marginBottom: vars.space.xs });

export const text = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.body,
  marginBottom: vars.space.sm,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
