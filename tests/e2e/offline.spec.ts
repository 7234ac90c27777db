import { expect, test } from './fixtures';
import { type ArtworkRow, listRecords, waitForServiceWorker } from './support';

test('a visited /artworks still renders after going offline and reloading', async ({ page, context, request }) => {
  const all = await listRecords<ArtworkRow>(request, 'artworks', { sort: '-year,sort_order', perPage: '200' });
  const first = all.items[0]!;

  await page.goto('/artworks');
  await expect(page.getByText(`${all.totalItems} results`)).toBeVisible();
  await waitForServiceWorker(page);
  // The first row's images loaded before the worker existed; the app hands them to it, and
  // they land in the image cache.
  const firstImage = page.getByRole('main').locator('img').first();
  await expect(firstImage).toHaveJSProperty('complete', true);
  await expect
    .poll(
      () => firstImage.evaluate(async (el: HTMLImageElement) => (await caches.match(el.currentSrc)) !== undefined),
      { timeout: 15_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);

  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
  await expect(page.getByText(`${all.totalItems} results`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: first.title })).toBeVisible();
  // The artist name comes from the mirrored site settings.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Elin Vinter' })).toBeVisible();
  // The first image is served from the image cache, not replaced by the placeholder.
  const img = page.getByRole('main').locator('img').first();
  await expect
    .poll(() =>
      img.evaluate(
        (el: HTMLImageElement) => el.complete && el.naturalWidth > 0 && !el.currentSrc.endsWith('/placeholder.svg'),
      ),
    )
    .toBe(true);

  await context.setOffline(false);
});

test('offline, a page never visited says it is not saved yet instead of failing', async ({ page, context }) => {
  await page.goto('/artworks');
  await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'This page is not saved for offline use yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Elin Vinter' })).toBeVisible();
});
