import { style } from '@vanilla-extract/css';
import { vars } from '@/styles/theme.css';

export const form = style({ display: 'grid', gap: vars.space.md });
