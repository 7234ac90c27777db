import { style } from '@vanilla-extract/css';

export const picture = style({ display: 'contents' });
