import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({
  display: 'grid',
  gap: vars.space.md,
  maxWidth: '40rem',
  paddingBlock: `${vars.space.xxl} ${vars.space.xxxl}`,
});

export const title = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });

export const message = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.inkSoft,
});

export const list = style({ display: 'grid', gap: vars.space.xs, paddingInlineStart: vars.space.lg });

export const problem = style({ color: vars.color.danger });

export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.md });
