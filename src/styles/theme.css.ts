import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/** The one theme contract. Components read tokens through `vars`, never raw values. */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceRaised: null,
    ink: null,
    inkSoft: null,
    muted: null,
    line: null,
    accent: null,
    accentInk: null,
    focus: null,
    danger: null,
    dangerInk: null,
    overlay: null,
    inverseBg: null,
    inverseInk: null,
    inverseMuted: null,
  },
  font: { serif: null, sans: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, display: null },
  lineHeight: { tight: null, snug: null, body: null },
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  radius: { sm: null, md: null, pill: null },
  shadow: { soft: null, raised: null },
  layout: { maxWidth: null, gutter: null, topBarHeight: null },
  motion: { fast: null, base: null, ease: null },
  z: { topBar: null, banner: null, sheet: null, toast: null },
});

createGlobalTheme(':root', vars, {
  color: {
    bg: '#f6f3ee',
    surface: '#fbfaf7',
    surfaceRaised: '#ffffff',
    ink: '#1d1b18',
    inkSoft: '#3a3631',
    muted: '#5f5a52',
    line: '#e2ddd4',
    accent: '#7a2e22',
    accentInk: '#ffffff',
    focus: '#1f5fbf',
    danger: '#a32020',
    dangerInk: '#ffffff',
    overlay: 'rgba(29, 27, 24, 0.45)',
    inverseBg: '#1d1b18',
    inverseInk: '#f6f3ee',
    inverseMuted: '#c9c2b6',
  },
  font: {
    serif: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Times New Roman", serif',
    sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: 'clamp(1.5rem, 1.2rem + 1.2vw, 2rem)',
    xxl: 'clamp(2rem, 1.5rem + 2vw, 3rem)',
    display: 'clamp(2.5rem, 1.6rem + 4vw, 4.5rem)',
  },
  lineHeight: { tight: '1.1', snug: '1.3', body: '1.6' },
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2.5rem',
    xxl: '4rem',
    xxxl: '6rem',
  },
  radius: { sm: '2px', md: '6px', pill: '999px' },
  shadow: {
    soft: '0 1px 2px rgba(29, 27, 24, 0.06), 0 4px 16px rgba(29, 27, 24, 0.06)',
    raised: '0 8px 40px rgba(29, 27, 24, 0.18)',
  },
  layout: { maxWidth: '76rem', gutter: 'clamp(1rem, 0.5rem + 2.5vw, 2.5rem)', topBarHeight: '4rem' },
  motion: { fast: '150ms', base: '280ms', ease: 'cubic-bezier(0.22, 1, 0.36, 1)' },
  z: { topBar: '20', banner: '25', sheet: '40', toast: '50' },
});

/** Mobile breakpoint: below 768 px the menu moves into a side sheet. */
const MOBILE_MAX = 767.98;
export const media = {
  mobile: `screen and (max-width: ${MOBILE_MAX}px)`,
  desktop: 'screen and (min-width: 768px)',
  wide: 'screen and (min-width: 1100px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
