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

/** "Clear cart": a quiet text button, apart from Checkout. */
export const clear = style({
  justifySelf: 'center',
  marginTop: vars.space.sm,
  border: 0,
  background: 'transparent',
  padding: vars.space.xs,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  selectors: { '&:hover': { color: vars.color.ink } },
});

export const notice = style({
  marginBottom: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.line,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.ink}`, outlineOffset: 2 } },
});

export const textButton = style({
  border: 0,
  background: 'transparent',
  padding: 0,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
});

export const empty = style({ display: 'grid', gap: vars.space.md, justifyItems: 'start' });

export const textLink = style({ textDecoration: 'underline', textUnderlineOffset: '0.2em' });

export const legal = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, textAlign: 'center' });
