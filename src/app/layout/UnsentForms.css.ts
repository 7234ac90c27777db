import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const panel = style({
  margin: `${vars.space.sm} auto`,
  width: `min(100% - 2 * ${vars.layout.gutter}, 40rem)`,
  padding: vars.space.md,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});
export const title = style({ fontWeight: 600, marginBottom: vars.space.xs });
export const list = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const item = style({ display: 'grid', gap: vars.space.xs, fontSize: vars.fontSize.sm });
export const quote = style({
  margin: 0,
  paddingLeft: vars.space.sm,
  borderLeft: `2px solid ${vars.color.line}`,
  color: vars.color.muted,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
