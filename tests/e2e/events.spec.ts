// Exhibitions and drops end (issue 23): the dates in their records decide whether a page offers
// an invitation, a countdown, "The drop is live!" or says the event is over; the news posts
// about them link to them with where they stand now. At phone and desktop size.
import { asSuperuser } from './accounts';
import { expect, test } from './sizes';

test.use({ serviceWorkers: 'block' });

test('the exhibition that closed on 26 October 2025 says so and offers no invitation', async ({ page }) => {
  await page.goto('/exhibitions/in-the-hollow');
  await expect(page.getByRole('heading', { level: 1, name: 'In the hollow' })).toBeVisible();
  await expect(page.getByTestId('exhibition-state')).toHaveText('This exhibition closed on 26 October 2025.');
  await expect(page.getByRole('form', { name: 'Get the invitation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
});

test('an exhibition on view says until when, without an invitation for an opening that has passed', async ({
  page,
}) => {
  const slug = `on-view-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  await asSuperuser('POST', '/api/collections/exhibitions/records', {
    slug,
    title: 'On view now',
    venue: 'Galleri Nordljus',
    city: 'Stockholm',
    opens_at: new Date(Date.now() - 7 * 86400_000).toISOString().replace('T', ' '),
    closes_at: '2099-06-01 16:00:00.000Z',
  });
  await page.goto(`/exhibitions/${slug}`);
  await expect(page.getByTestId('exhibition-state')).toHaveText(
    'On view now, until 1 June 2099 at Galleri Nordljus, Stockholm.',
  );
  await expect(page.getByRole('form', { name: 'Get the invitation' })).toHaveCount(0);
});

test('the one-day drop of 1 December 2025 has ended: no "live", no reminder sign-up', async ({ page }) => {
  await page.goto('/drop/print-drop');
  await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room: limited print drop' })).toBeVisible();
  await expect(page.getByTestId('drop-state')).toHaveText('This drop has ended.');
  await expect(page.getByText(/It closed on 2 December 2025.{1,5}10:00 \(Stockholm time\)/)).toBeVisible();
  await expect(page.getByText('The drop is live!')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Notify me at release' })).toHaveCount(0);
  await expect(page.getByText(/reminded|countdown ends/i)).toHaveCount(0);
  // copies of the print are still for sale: the page leads there
  await expect(page.getByRole('link', { name: 'View Print' })).toHaveAttribute(
    'href',
    '/print-view?print=the-whispering-room-print',
  );
});

test('a drop is live between its release and its end, and ends by itself', async ({ page }) => {
  // previewed with ?release=: the end moves with it (one day after, as in the record)
  const almostADayAgo = new Date(Date.now() - 86400_000 + 4000).toISOString();
  await page.goto(`/drop/print-drop?release=${encodeURIComponent(almostADayAgo)}`);
  await expect(page.getByTestId('drop-state')).toHaveText('The drop is live! The edition is now available.');
  await expect(page.getByRole('link', { name: 'Buy Print' })).toBeVisible();
  await expect(page.getByTestId('drop-state')).toHaveText('This drop has ended.', { timeout: 15_000 });
});

test('news posts link the exhibition and the drop they are about, with where each stands', async ({ page }) => {
  await page.goto('/news/in-the-hollow-opens');
  const show = page.getByRole('complementary', { name: 'Exhibition: In the hollow' });
  await expect(show).toContainText('Closed 26 October 2025');
  await show.getByRole('link', { name: 'About the exhibition' }).click();
  await expect(page).toHaveURL(/\/exhibitions\/in-the-hollow$/);
  await expect(page.getByTestId('exhibition-state')).toBeVisible();

  await page.goto('/news/print-drop-announced');
  const drop = page.getByRole('complementary', { name: /^Print drop: The Whispering Room/ });
  await expect(drop).toContainText('Ended 2 December 2025');
  await drop.getByRole('link', { name: 'The drop page' }).click();
  await expect(page).toHaveURL(/\/drop\/print-drop$/);
  await expect(page.getByTestId('drop-state')).toHaveText('This drop has ended.');

  // a post about neither has no such link
  await page.goto('/news/building-a-paper-moon');
  await expect(page.getByRole('heading', { level: 1, name: 'Building a paper moon' })).toBeVisible();
  await expect(page.getByTestId('news-event')).toHaveCount(0);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('the server-rendered drop and exhibition pages already say they have ended', async ({ page }) => {
    await page.goto('/drop/print-drop');
    await expect(page.getByText('This drop has ended.')).toBeVisible();
    await page.goto('/exhibitions/in-the-hollow');
    await expect(page.getByText('This exhibition closed on 26 October 2025.')).toBeVisible();
    await page.goto('/news/in-the-hollow-opens');
    await expect(page.getByText('Closed 26 October 2025')).toBeVisible();
  });
});
