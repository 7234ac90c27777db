// The gate promises "and more works": once in, a visitor pages through the room's works in the
// artist's order, by link or ← →, without going back to /artworks (issue 23). Phone and desktop.
import type { Page } from '@playwright/test';
import { expect, test } from './sizes';
import { expectToast, listRecords, ownClientIp, uniqueEmail } from './support';

test.use({ serviceWorkers: 'block' });

async function enterRoom(page: Page, slug: string) {
  await ownClientIp(page);
  await page.goto(`/viewing-room?artwork=${slug}`);
  const form = page.getByRole('form', { name: 'Viewing room entry' });
  await form.getByLabel('First name').fill('Paula');
  await form.getByLabel('Last name').fill('Pager');
  await form.getByLabel('Email').fill(uniqueEmail('pager'));
  await form.getByRole('button', { name: 'Enter Viewing Room' }).click();
  await expectToast(page, 'Access granted');
}

test("a visitor in the room pages through all of its works in the artist's order", async ({ page, request }) => {
  const works = (
    await listRecords<{ slug: string; title: string }>(request, 'artworks', {
      sort: 'sort_order,created',
      perPage: '50',
    })
  ).items;
  expect(works.length).toBeGreaterThan(2);
  const [first, second] = works;
  await enterRoom(page, first!.slug);
  await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Works in the viewing room' });
  await expect(pager).toContainText(`Work 1 of ${works.length}`);
  await expect(pager.getByRole('link', { name: /Previous work/ })).toHaveCount(0);

  const next = pager.getByRole('link', { name: `Next work: ${second!.title}` });
  await next.click();
  await expect(page).toHaveURL(new RegExp(`artwork=${second!.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: second!.title })).toBeVisible();
  await expect(pager).toContainText(`Work 2 of ${works.length}`);
  // focus stays on the pager, so Enter goes on to the next work
  await expect(pager.getByRole('link', { name: /^Next work: / })).toBeFocused();

  // all the way to the last, which has no next
  for (let i = 2; i < works.length; i++) {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: works[i]!.title })).toBeVisible();
  }
  await expect(pager).toContainText(`Work ${works.length} of ${works.length}`);
  await expect(pager.getByRole('link', { name: /Next work/ })).toHaveCount(0);
  await pager.getByRole('link', { name: `Previous work: ${works[works.length - 2]!.title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: works[works.length - 2]!.title })).toBeVisible();
  // the back button steps back through what was seen
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: works[works.length - 1]!.title })).toBeVisible();
});

test('the arrow keys page through the room, but not while the zoom view is open', async ({ page, request }) => {
  const works = (
    await listRecords<{ slug: string; title: string }>(request, 'artworks', {
      sort: 'sort_order,created',
      perPage: '50',
    })
  ).items;
  await enterRoom(page, works[1]!.slug);
  await expect(page.getByRole('heading', { level: 1, name: works[1]!.title })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { level: 1, name: works[2]!.title })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { level: 1, name: works[1]!.title })).toBeVisible();

  await page.getByRole('button', { name: /^Zoom in on / }).click();
  await expect(page.getByRole('dialog', { name: /Zoom view/ })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: works[1]!.title })).toBeVisible();
});
