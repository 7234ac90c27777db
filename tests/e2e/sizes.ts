// The two sizes issue 23's walk-through used: a phone of 390×844 CSS pixels and a desktop of
// 1440×900. Specs that import `test` from here run at those sizes (the phone project keeps its
// touch, mobile user agent and pixel ratio; only the viewport changes).
import { test as base } from './fixtures';

export { expect } from './fixtures';

const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1440, height: 900 } as const;

export const test = base.extend({
  viewport: async ({ isMobile }, use) => {
    await use(isMobile ? { ...PHONE } : { ...DESKTOP });
  },
});
