import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const page = style({ display: 'grid', gap: vars.space.xl, paddingBlock: `${vars.space.xl} ${vars.space.xxl}` });

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const title = style({ fontSize: vars.fontSize.display, lineHeight: 1 });

export const lead = style({ color: vars.color.muted, maxWidth: '40rem' });

export const grid = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
});

export const empty = style({ color: vars.color.muted, paddingBlock: vars.space.xl });

export const detail = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 768px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});

export const info = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });

export const facts = style({
  display: 'grid',
  gap: vars.space.xxs,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  margin: 0,
});

export const price = style({ fontSize: vars.fontSize.xl, fontVariantNumeric: 'tabular-nums' });

export const description = style({ whiteSpace: 'pre-line', lineHeight: vars.lineHeight.body });

export const notes = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, lineHeight: vars.lineHeight.body });

/** A status page's heading (payment outcome, nothing for sale): a page title, not the listings' display size. */
export const statusTitle = style({ fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });

export const status = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  paddingBlock: vars.space.xxl,
  maxWidth: '36rem',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const orderFacts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  // apart from the sentence above it (they share one live region, so no grid gap between them)
  margin: `${vars.space.md} 0 0`,
});

/** The note above a print shown in place of one that is no longer for sale. */
export const gone = style({
  display: 'grid',
  gap: vars.space.xs,
  justifyItems: 'start',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  borderInlineStart: `3px solid ${vars.color.accent}`,
  background: vars.color.surfaceRaised,
});
