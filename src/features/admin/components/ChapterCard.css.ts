import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({ fontSize: vars.fontSize.lg, fontFamily: vars.font.serif });

export const number = style({ color: vars.color.muted, marginRight: vars.space.xs });

export const status = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const badge = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  fontWeight: 600,
});

export const badgeOk = style({ background: '#e6f0e4', borderColor: '#9cbf96', color: '#1f4a1a' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const upload = style({ display: 'grid', gap: vars.space.xs });

export const fileInput = style({ fontSize: vars.fontSize.sm, maxWidth: '100%' });

export const progressRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const progress = style({ flex: 1, height: '0.75rem', accentColor: vars.color.accent });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: 600 });

export const text = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: vars.lineHeight.body });

export const hint = style({ color: vars.color.muted, fontStyle: 'italic' });

export const textarea = style({
  width: '100%',
  minHeight: '12rem',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.md,
  font: 'inherit',
  lineHeight: vars.lineHeight.body,
  resize: 'vertical',
});
