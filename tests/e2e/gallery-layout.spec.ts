// The large picture of a print (and of a work in the viewing room) keeps the box its width and
// height give it, whatever the file's own ratio: when the file arrives late, nothing below it
// moves. It used to grow by the difference (30 px on /print-view at phone size), which moved a
// thumbnail the visitor had just tabbed to under the consent banner.
import { expect, test } from './sizes';
import { recordShifts, shiftsSoFar } from './support';

test.use({ serviceWorkers: 'block' });

test('the print page does not shift when its picture arrives late', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/api\/files\/[^/]+\/[^/]+\/print_/, async (route) => {
    await held;
    await route.continue();
  });
  await recordShifts(page);
  await page.goto('/print-view?print=lantern-bearer-print', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const picture = page.locator('button[aria-label^="Zoom in"] img');
  const boxBefore = await picture.boundingBox();
  const before = await shiftsSoFar(page);
  release();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await picture.boundingBox()).toEqual(boxBefore);
  expect(await shiftsSoFar(page)).toBe(before);
});
