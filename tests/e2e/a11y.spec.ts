import { expect, onlyInProject, test } from './fixtures';
import { seriousAxeViolations, settleFirstVisit } from './support';

for (const [path, heading] of [
  ['/', 'Elin Vinter'],
  ['/artworks', 'Artworks'],
] as const) {
  test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settleFirstVisit(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('no serious or critical axe violations with the mobile menu open', async ({ page }) => {
  onlyInProject('phone', 'the menu sheet exists on small screens');
  await page.goto('/');
  await settleFirstVisit(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('[role="dialog"]')!).transform === 'none');
  expect(await seriousAxeViolations(page, null)).toEqual([]);
});
