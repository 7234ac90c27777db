import { expect, onlyInProject, test } from './fixtures';

test('the mobile menu opens as a sheet, navigates and closes', async ({ page }) => {
  onlyInProject('phone', 'the side sheet replaces the desktop menu below 768 px');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  const open = page.getByRole('button', { name: 'Menu' });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link')).toHaveText(['Home', 'Artworks', 'Print Editions', 'About', 'News', 'Contact']);

  // Escape closes it and gives focus back to the Menu button.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
  await sheet.getByRole('link', { name: 'Artworks' }).click();
  await expect(page).toHaveURL(/\/artworks$/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
});

test('the desktop menu shows the main links inline', async ({ page }) => {
  onlyInProject('desktop', 'the desktop layout');
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Artworks', 'Print Editions', 'About', 'News', 'Contact']);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await nav.getByRole('link', { name: 'Artworks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Artworks' })).toHaveAttribute('aria-current', 'page');
});
