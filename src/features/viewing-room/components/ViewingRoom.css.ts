import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';
import { visuallyHiddenRules } from '@/styles/utils.css';

export const gate = style({
  maxWidth: '30rem',
  marginInline: 'auto',
  paddingBlock: `${vars.space.xxl}`,
  display: 'grid',
  gap: vars.space.lg,
});

export const title = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
});

export const text = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.body });

export const form = style({ display: 'grid', gap: vars.space.md });

export const row = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.md,
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr' } },
});

export const consent = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.muted,
  lineHeight: vars.lineHeight.snug,
});

export const room = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
  gap: vars.space.xxl,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  alignItems: 'start',
  '@media': { [media.mobile]: { gridTemplateColumns: '1fr', gap: vars.space.xl } },
});

export const details = style({
  display: 'grid',
  gap: vars.space.md,
  position: 'sticky',
  top: `calc(${vars.layout.topBarHeight} + ${vars.space.md})`,
  '@media': { [media.mobile]: { position: 'static' } },
});

export const marks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const mark = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.ink}`,
  borderRadius: vars.radius.pill,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  color: vars.color.inkSoft,
});

export const factTerm = style({ color: vars.color.muted, fontFamily: vars.font.sans, fontSize: vars.fontSize.sm });

export const factValue = style({ margin: 0 });

export const description = style({ margin: 0, lineHeight: vars.lineHeight.body, whiteSpace: 'pre-line' });

export const inquiry = style({
  display: 'grid',
  gap: vars.space.md,
  borderTop: `1px solid ${vars.color.line}`,
  paddingTop: vars.space.lg,
});

export const inquiryTitle = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  fontWeight: 400,
  margin: 0,
});

export const priceNote = style({
  margin: 0,
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  color: vars.color.ink,
});

export const status = style({
  margin: 0,
  paddingBlock: vars.space.xxl,
  textAlign: 'center',
  color: vars.color.muted,
});

export const pager = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBlockEnd: vars.space.lg,
  paddingBlock: vars.space.sm,
  borderBottom: `1px solid ${vars.color.line}`,
  fontSize: vars.fontSize.sm,
  '@media': {
    [media.mobile]: { gridTemplateColumns: '1fr 1fr', rowGap: vars.space.xs },
  },
});

export const pagerLink = style({
  minHeight: '2.75rem',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  textDecoration: 'none',
  selectors: {
    '&[rel="next"]': { justifySelf: 'end', textAlign: 'end' },
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '0.2em' },
  },
});

/** "Previous work:" / "Next work:" are read out and shown on wide screens; a phone shows the arrows and titles. */
export const pagerLabel = style({
  color: vars.color.muted,
  '@media': {
    [media.mobile]: visuallyHiddenRules,
  },
});

export const pagerCount = style({
  margin: 0,
  color: vars.color.muted,
  textAlign: 'center',
  '@media': { [media.mobile]: { gridColumn: '1 / -1', gridRow: 1 } },
});
