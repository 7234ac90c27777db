import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({
  maxWidth: '44rem',
  marginInline: 'auto',
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
});

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  margin: `0 0 ${vars.space.lg}`,
});

export const body = style({ lineHeight: vars.lineHeight.body, color: vars.color.ink });

globalStyle(`${body} > * + *`, { marginTop: vars.space.md });
globalStyle(`${body} ul, ${body} ol`, { paddingInlineStart: vars.space.lg });
globalStyle(`${body} h2`, {
  fontFamily: vars.font.serif,
  fontWeight: 400,
  fontSize: vars.fontSize.xl,
  margin: `${vars.space.xl} 0 ${vars.space.sm}`,
});
globalStyle(`${body} a`, { color: vars.color.ink, textUnderlineOffset: '0.2em' });
