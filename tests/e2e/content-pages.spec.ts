// Content pages from the admin UI: about, news, pages and the footer's contact column,
// and the accessibility of every visitor page.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AXE_WCAG, ownClientIp, seriousAxeViolations } from './support';

// page.route cannot see requests a service worker makes, so these specs run without it
// (offline.spec.ts and the course's offline specs cover the service worker).
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await ownClientIp(page);
});

const seriousAxe = (page: Page) => seriousAxeViolations(page, AXE_WCAG);

test('about: portrait, biography and CV from the site settings', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Elin Vinter' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Education' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select Exhibitions' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: /Elin Vinter in her Stockholm studio/ })).toBeVisible();
  await expect(page).toHaveTitle('About | Elin Vinter');
});

test('footer contact column links come from the site settings', async ({ page }) => {
  await page.goto('/about');
  const contact = page.getByRole('contentinfo').getByRole('region', { name: 'Contact' });
  await expect(contact).toContainText('Stockholm, Sweden');
  await expect(contact.getByRole('link', { name: 'Contact form' })).toHaveAttribute('href', '/contact');
  await expect(contact.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /instagram/);
  await expect(contact.getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', /youtube/);
  await expect(contact.getByRole('link', { name: /Whispering Game/ })).toHaveAttribute('href', '/whispering-game');
});

test('news: up to 9 published posts, newest first, each opening its article', async ({ page }) => {
  await page.goto('/news');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(9);
  await expect(cards.first()).toContainText('Open studio in October');
  await expect(page.getByText('A new edition in progress')).toHaveCount(0); // unpublished
  await cards.filter({ hasText: 'Building a paper moon' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/news\/building-a-paper-moon$/);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'Building a paper moon' })).toBeVisible();
  await expect(article.locator('time')).toHaveText('20 January 2026');
  await expect(article.locator('strong', { hasText: 'Tip:' })).toBeVisible(); // stored HTML kept, safely
  await expect(page).toHaveTitle('Building a paper moon | Elin Vinter');
});

test('news: an unknown article shows "Article Not Found" with a way back', async ({ page }) => {
  await page.goto('/news/no-such-article');
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to News' }).click();
  await expect(page).toHaveURL(/\/news\/?$/);
});

test('pages from the admin UI at /{name}; unknown names are the 404 page', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test.describe('accessibility', () => {
  for (const [path, heading] of [
    ['/about', 'Elin Vinter'],
    ['/contact', 'Contact'],
    ['/news', 'News'],
    ['/news/building-a-paper-moon', 'Building a paper moon'],
    ['/viewing-room', 'Viewing Room'],
    ['/drop/print-drop?release=2099-01-01T00:00:00Z', 'The Whispering Room: limited print drop'],
    ['/exhibitions/in-the-hollow', 'In the hollow'],
    ['/privacy', 'Privacy policy'],
  ] as const) {
    test(`no serious axe violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await seriousAxe(page)).toEqual([]);
    });
  }
});
