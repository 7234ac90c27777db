import { style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';
import { visuallyHiddenRules } from '@/styles/utils.css';

export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  selectors: { '&[data-dragging]': { borderColor: vars.color.ink, boxShadow: vars.shadow.soft } },
});

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({ fontSize: vars.fontSize.md, fontFamily: vars.font.serif, overflowWrap: 'anywhere' });

export const number = style({ color: vars.color.muted, marginRight: vars.space.xs });

export const status = style({
  margin: 0,
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

/**
 * The native input stays in the page (keyboard focus, screen readers, drop of a file on it) but
 * out of sight; its label is the button. Its focus ring shows on the label.
 */
export const fileInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
});

export const pickButton = style({
  selectors: {
    [`${fileInput}:focus-visible + &`]: { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    [`${fileInput}:disabled + &`]: { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const progressRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const progress = style({ flex: 1, height: '0.75rem', accentColor: vars.color.accent });

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm });

/** "Video", "Text content": set as the admin page's labels (AdminVideos.css.ts), not as the serif headings. */
export const sectionTitle = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  letterSpacing: 'normal',
  lineHeight: vars.lineHeight.snug,
});

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

/** The chapter's one line: number and title, video state, text state, Manage. */
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto auto',
  gridTemplateAreas: '"title video note manage"',
  alignItems: 'center',
  gap: vars.space.md,
  '@media': {
    // a phone: title and Manage, then the video and text states across the row's width
    [media.mobile]: {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      gridTemplateAreas: '"title manage" "meta meta"',
      gap: vars.space.xs,
    },
  },
});

export const rowTitle = style({ gridArea: 'title' });
export const rowVideo = style({ gridArea: 'video' });
export const rowManage = style({ gridArea: 'manage' });

/** The two states: grid items of the row on a desktop, one wrapping line on a phone. */
export const rowMeta = style({
  display: 'contents',
  '@media': {
    [media.mobile]: {
      gridArea: 'meta',
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: vars.space.md,
      rowGap: vars.space.xxs,
    },
  },
});

export const rowNote = style({
  gridArea: 'note',
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  margin: 0,
});

export const panel = style({
  display: 'grid',
  gap: vars.space.md,
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.line}`,
  // display: grid would otherwise win over the hidden attribute of a closed row
  selectors: { '&[hidden]': { display: 'none' } },
});

export const dropZone = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.muted}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&[data-over]': { borderColor: vars.color.ink, borderStyle: 'solid', background: vars.color.surface },
    '&[data-disabled]': { opacity: 0.6 },
  },
});

/** A file can be dropped only with a mouse: touch screens do not show the hint. */
export const dropHint = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  '@media': { '(pointer: coarse)': { display: 'none' } },
});

/** "Duration:" is read out everywhere but shown only where the row has room for it. */
export const durationLabel = style({
  '@media': {
    [media.mobile]: visuallyHiddenRules,
  },
});
