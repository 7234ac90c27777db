import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const lines = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const line = style({
  display: 'grid',
  gridTemplateColumns: '4rem 1fr auto',
  gap: vars.space.sm,
  alignItems: 'center',
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const thumb = style({ width: '4rem', height: '5rem', objectFit: 'cover', background: vars.color.line });

export const title = style({ fontFamily: vars.font.serif, fontSize: vars.fontSize.md });
export const meta = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const remove = style({
  border: 0,
  background: 'transparent',
  padding: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
});

export const summary = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  marginBlock: vars.space.lg,
  fontSize: vars.fontSize.lg,
});

export const actions = style({ display: 'grid', gap: vars.space.xs });

export const offline = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, textAlign: 'center' });
