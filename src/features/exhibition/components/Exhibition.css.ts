import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const page = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.xxl,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  alignItems: 'start',
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.xl } },
});

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.line,
});

export const body = style({ display: 'grid', gap: vars.space.md });

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.display,
  fontWeight: 400,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
});

export const meta = style({
  margin: 0,
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  letterSpacing: '0.04em',
});

export const text = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.body });

export const form = style({
  display: 'grid',
  gap: vars.space.md,
  marginTop: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.line}`,
});

export const formTitle = style({ fontFamily: vars.font.serif, fontSize: vars.fontSize.lg, fontWeight: 400, margin: 0 });

/** Where the exhibition stands in time (on view, closed). */
export const state = style({ margin: 0, fontFamily: vars.font.serif, fontSize: vars.fontSize.lg });
