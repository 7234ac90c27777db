import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const note = style({ marginTop: vars.space.xs, color: vars.color.muted, fontSize: vars.fontSize.xs });
globalStyle(`${note} a`, { color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '0.2em' });
