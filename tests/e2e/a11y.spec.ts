import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { settleFirstVisit } from './support';

for (const [path, heading] of [
  ['/', 'Elin Vinter'],
  ['/artworks', 'Artworks'],
] as const) {
  test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settleFirstVisit(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious).toEqual([]);
  });
}

test('no serious or critical axe violations with the mobile menu open', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu sheet exists on small screens');
  await page.goto('/');
  await settleFirstVisit(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.waitForFunction(() => getComputedStyle(document.querySelector('[role="dialog"]')!).transform === 'none');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(serious).toEqual([]);
});
