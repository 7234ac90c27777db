import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from '@/styles/theme.css';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.xl,
  '@media': {
    [media.mobile]: { gridTemplateColumns: '1fr' },
    'screen and (min-width: 768px) and (max-width: 1099px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
});

export const card = style({ display: 'grid', gap: vars.space.sm, color: 'inherit', textDecoration: 'none' });

export const cardImage = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.line,
});

export const cardTitle = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.lg,
  fontWeight: 400,
  margin: 0,
  selectors: { [`${card}:hover &`]: { textDecoration: 'underline', textUnderlineOffset: '0.2em' } },
});

export const date = style({
  fontFamily: vars.font.sans,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});

export const excerpt = style({ margin: 0, color: vars.color.inkSoft, lineHeight: vars.lineHeight.body });

export const article = style({ maxWidth: '44rem', marginInline: 'auto' });

export const articleTitle = style({
  fontFamily: vars.font.serif,
  fontSize: vars.fontSize.xxl,
  fontWeight: 400,
  lineHeight: vars.lineHeight.tight,
  margin: `${vars.space.xs} 0 ${vars.space.md}`,
});

export const lead = style({
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.snug,
  color: vars.color.inkSoft,
  margin: `0 0 ${vars.space.lg}`,
});

export const cover = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  margin: `0 0 ${vars.space.xl}`,
  background: vars.color.line,
});

export const content = style({ fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.body, color: vars.color.ink });

// stored rich text: space between blocks, readable lists and links
globalStyle(`${content} > * + *`, { marginTop: vars.space.md });
globalStyle(`${content} h2, ${content} h3`, { fontFamily: vars.font.serif, fontWeight: 400, marginTop: vars.space.xl });
globalStyle(`${content} ul, ${content} ol`, { paddingInlineStart: vars.space.lg });
globalStyle(`${content} a`, { color: vars.color.ink, textUnderlineOffset: '0.2em' });
globalStyle(`${content} img`, { maxWidth: '100%', height: 'auto' });

export const back = style({
  display: 'block',
  width: 'fit-content',
  marginBottom: vars.space.lg,
  color: vars.color.ink,
  textUnderlineOffset: '0.2em',
});

const pulse = keyframes({ '0%, 100%': { opacity: 0.55 }, '50%': { opacity: 1 } });

export const skeleton = style({
  background: vars.color.line,
  borderRadius: vars.radius.md,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media': { [media.reducedMotion]: { animation: 'none' } },
});

/** The exhibition or drop a post is about. */
export const event = style({
  display: 'grid',
  gap: vars.space.xxs,
  justifyItems: 'start',
  marginBlock: vars.space.xl,
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surfaceRaised,
});
export const eventKind = style({
  margin: 0,
  fontSize: vars.fontSize.xs,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: vars.color.muted,
});
export const eventTitle = style({ margin: 0, fontFamily: vars.font.serif, fontSize: vars.fontSize.lg });
export const eventState = style({ margin: 0, color: vars.color.inkSoft });
export const eventLink = style({ marginTop: vars.space.xs, textDecoration: 'underline', textUnderlineOffset: '0.2em' });
