import { globalStyle, style } from '@vanilla-extract/css';

export const picture = style({ display: 'contents' });

// With the <picture> taken out of the layout its children are laid out in its parent: a grid
// would give the empty <source> a cell of its own and push the image (and the text beside it)
// into the next one. A <source> only chooses a file; it is never laid out.
globalStyle(`${picture} > source`, { display: 'none' });
