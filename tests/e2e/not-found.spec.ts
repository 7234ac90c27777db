// What does not exist says so, in words and in the HTTP status (issue 23): a retired or mistyped
// print link still shows a print for sale but says the asked-for one is gone; /drop/<anything>
// and /news/<no-such-post> are 404s, from the server-rendered page too.
import { expect, test } from './sizes';

// the service worker answers later navigations with the app shell: these tests read the server
test.use({ serviceWorkers: 'block' });

const FIRST = 'The Whispering Room';
const RETIRED = 'paper-moon-study-print'; // a seeded print that is no longer for sale

test('a retired or mistyped print link says "That print is no longer available", shows a print for sale, and answers 404', async ({
  page,
}) => {
  for (const slug of [RETIRED, 'lantern-bearer-prnt']) {
    const response = await page.goto(`/print-view?print=${slug}`);
    expect(response?.status(), slug).toBe(404);
    await expect(page.getByTestId('print-gone')).toContainText('That print is no longer available.');
    await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(page).toHaveTitle(/^That print is no longer available \|/);
  }
  await page.getByRole('link', { name: 'See all print editions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Print Editions' })).toBeVisible();
  // a print that exists: no notice, 200
  const ok = await page.goto('/print-view?print=lantern-bearer-print');
  expect(ok?.status()).toBe(200);
  await expect(page.getByTestId('print-gone')).toHaveCount(0);
});

test('the server-rendered HTML of a gone print, a missing drop and a missing post are 404s that say so', async ({
  request,
}) => {
  const cases = [
    [`/print-view?print=${RETIRED}`, 'That print is no longer available.'],
    ['/drop/no-such-drop', 'Oops! Page not found'],
    ['/news/no-such-post', 'Article Not Found'],
  ] as const;
  for (const [path, text] of cases) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['x-ssr'], path).toMatch(/^(hit|miss|stale|wait)$/);
    expect(await res.text(), path).toContain(text);
  }
  // what exists is still a 200
  for (const path of ['/drop/print-drop', '/news/in-the-hollow-opens', '/print-view']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('/drop/<anything> is "Page not found", not the current drop; /drop still opens the default drop', async ({
  page,
}) => {
  const response = await page.goto('/drop/anything-at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByText('The Whispering Room: limited print drop')).toHaveCount(0);
  await page.goto('/drop');
  await expect(page).toHaveURL(/\/drop\/print-drop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room: limited print drop' })).toBeVisible();
});

test('/news/no-such-post says "Article Not Found" with a way back, as a 404', async ({ page }) => {
  const response = await page.goto('/news/no-such-post');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to News' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('the gone print and the missing post say so before any script', async ({ page }) => {
    const print = await page.goto(`/print-view?print=${RETIRED}`);
    expect(print?.status()).toBe(404);
    await expect(page.getByText('That print is no longer available.')).toBeVisible();
    const post = await page.goto('/news/no-such-post');
    expect(post?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  });

  test('a path no page has says "Page not found" with a way home, before any script', async ({ page }) => {
    for (const path of ['/some/where/else', '/news/in-the-hollow-opens/more']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      await expect(page).toHaveTitle(/^Page not found \|/);
    }
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a path no page has answers 404 and shows the not-found page, even under a real page; a page asked for with a trailing slash opens at its address', async ({
  page,
}) => {
  // "/news/<a real post>/more": matched fuzzily, the router showed the post under it
  for (const path of ['/news/in-the-hollow-opens/more', '/some/where/else']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('404');
    await expect(page.getByText('Oops! Page not found'), path).toBeVisible();
    await expect(page.getByText('In the hollow opens in September'), path).toHaveCount(0);
  }
  const slashed = await page.goto('/news/in-the-hollow-opens/');
  expect(slashed?.status()).toBe(200);
  await expect(page).toHaveURL(/\/news\/in-the-hollow-opens$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('In the hollow opens in September');
});
