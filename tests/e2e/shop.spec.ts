import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, seriousAxeViolations } from './support';

// Seeded demo prints (pb_hooks/lib/setup/demo-content.js): the first active one is "The Whispering
// Room" at €240 / $275 (own USD price), SEK converted from EUR.
const FIRST = { slug: 'the-whispering-room-print', title: 'The Whispering Room' };
const SECOND = { slug: 'lantern-bearer-print', title: 'Lantern Bearer' };

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

async function openCart(page: Page) {
  await page.getByTestId('cart-button').click();
  const panel = page.getByRole('dialog', { name: 'Your cart' });
  await expect(panel).toBeVisible();
  return panel;
}

test.beforeEach(async ({ page }) => {
  // A fixed browser language: the default currency follows it (en-IE → eur).
  await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['en-IE'] }));
});

test('print editions: add to cart, change currency, reload keeps both', async ({ page }) => {
  await page.goto('/print-editions');
  await expect(page.getByRole('heading', { level: 1, name: 'Print Editions' })).toBeVisible();
  const cards = page.getByTestId('print-card');
  await expect(cards.first()).toContainText(FIRST.title);
  await expect(cards.first().getByTestId('print-price')).toHaveText('€240');

  await cards.first().getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: FIRST.title })
      .or(page.getByText(FIRST.title, { exact: true }).last()),
  ).toBeVisible();
  // the same print again raises the quantity without a second toast
  await cards.first().getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 2 items');

  await page.getByLabel('Currency').first().selectOption('usd');
  await expect(cards.first().getByTestId('print-price')).toHaveText('$275');
  await page.getByLabel('Currency').first().selectOption('sek');
  // no server rates in the demo data: fallback 11.5 → 2 760 kr, and the page says so
  await expect(cards.first().getByTestId('print-price')).toHaveText(/2\s760\skr/);
  await expect(page.getByText('Using cached rates').first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Currency').first()).toHaveValue('sek');
  const panel = await openCart(page);
  await expect(panel.getByTestId('cart-line')).toHaveCount(1);
  await expect(panel.getByTestId('cart-line')).toContainText('Qty 2');
  expect(nbsp(await panel.getByTestId('cart-subtotal').innerText())).toBe('5 520 kr');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('print view: falls back to the first print, shows edition and availability', async ({ page }) => {
  await page.goto('/print-view?print=no-such-print');
  await expect(page.getByRole('heading', { level: 1, name: FIRST.title })).toBeVisible();
  await expect(page.getByTestId('availability')).toHaveText(/Edition of 25 · \d+ available/);
  await page.goto(`/print-view?print=${SECOND.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: SECOND.title })).toBeVisible();
  await expect(page.getByTestId('print-price')).toHaveText('€180');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('checkout opens the Stripe page in a new tab, clears the cart; paying lands on payment-success', async ({
  page,
  context,
}) => {
  await page.goto(`/print-view?print=${SECOND.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const panel = await openCart(page);
  const checkout = panel.getByRole('button', { name: 'Checkout' });
  // the copies are held under an email: without one nothing is asked of the server
  const email = panel.getByRole('textbox', { name: 'Email' });
  await email.fill('');
  await checkout.click();
  await expectToast(page, 'Email required');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(context.pages()).toHaveLength(1);
  await email.fill('buyer@example.com');
  const [tab] = await Promise.all([context.waitForEvent('page'), checkout.click()]);
  await tab.waitForURL(/\/pay\/cs_test_/);
  await expect(tab.getByRole('heading', { name: 'Stand-in checkout' })).toBeVisible();
  await expect(tab.getByText(SECOND.title)).toBeVisible();
  await expect(page.getByText('Redirecting to checkout')).toBeVisible();
  await expect(page.getByTestId('cart-button')).toHaveCount(0);

  await tab.getByRole('button', { name: 'Pay' }).click();
  await tab.waitForURL(/\/payment-success\?session_id=cs_test_/);
  await expect(tab.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(tab.getByTestId('order-id')).toHaveText(/^[a-z0-9]{8}$/);
  await expect(tab.getByTestId('order-status')).toHaveText('Paid');
  await expect(tab.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  await expect(tab.getByRole('link', { name: 'My courses' })).toHaveAttribute('href', '/my-courses');
  expect(await seriousAxeViolations(tab)).toEqual([]);

  // the sold copy is gone from the edition
  await page.goto(`/print-view?print=${SECOND.slug}`);
  await expect(page.getByTestId('availability')).toHaveText(/Edition of 30 · (2[0-9]) available/);
});

test('payment canceled: no charges, the cart can be restored', async ({ page, context }) => {
  await page.goto('/print-editions');
  await page.getByTestId('print-card').first().getByRole('button', { name: 'Add to Cart' }).click();
  const panel = await openCart(page);
  await panel.getByRole('textbox', { name: 'Email' }).fill('canceler@example.com');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    panel.getByRole('button', { name: 'Checkout' }).click(),
  ]);
  await tab.waitForURL(/\/pay\/cs_test_/);
  const sessionId = tab.url().split('/pay/')[1];
  // the page closes the Stripe session at once, so the held copy is for sale again
  const [canceled] = await Promise.all([
    tab.waitForResponse((r) => r.url().endsWith('/api/atelier/cancel-payment') && r.request().method() === 'POST'),
    tab.getByRole('link', { name: 'Cancel' }).click(),
  ]);
  await tab.waitForURL(new RegExp(`/payment-canceled\\?session_id=${sessionId}$`));
  expect(canceled.status()).toBe(200);
  expect(((await canceled.json()) as { order: { status: string } }).order.status).toBe('canceled');
  await expect(tab.getByRole('heading', { level: 1, name: 'Payment canceled' })).toBeVisible();
  await expect(tab.getByText('No charges were made.')).toBeVisible();
  await expect(tab.getByRole('link', { name: 'Back to Print Editions' })).toHaveAttribute('href', '/print-editions');
  expect(await seriousAxeViolations(tab)).toEqual([]);
  await tab.getByRole('button', { name: 'Restore cart' }).click();
  await expect(tab.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
});

test('after emptying the cart with Remove, the next "Add to Cart" does not open the panel', async ({ page }) => {
  await page.goto('/print-editions');
  const add = page.getByTestId('print-card').first().getByRole('button', { name: 'Add to Cart' });
  await add.click();
  const panel = await openCart(page);
  await panel.getByRole('button', { name: `Remove ${FIRST.title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
  await expect(page.getByTestId('cart-button')).toHaveCount(0);
  await add.click();
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByTestId('cart-button')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
});

test('payment-success without a known session shows no order details', async ({ page }) => {
  await page.goto('/payment-success?session_id=cs_test_unknown');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Verifying your payment...')).toHaveCount(0);
  await expect(page.getByTestId('order-details')).toHaveCount(0);
});

test('checkout says it needs a connection when offline', async ({ page, context }) => {
  await page.goto('/print-editions');
  await page.getByTestId('print-card').first().getByRole('button', { name: 'Add to Cart' }).click();
  const panel = await openCart(page);
  await context.setOffline(true);
  await expect(panel.getByText('You are offline. Checkout needs an internet connection.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await context.setOffline(false);
});

test('print editions render offline from the saved copy, prices with the saved or fallback rates', async ({
  page,
  context,
}) => {
  await page.goto('/print-editions');
  await expect(page.getByTestId('print-card').first()).toContainText(FIRST.title);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByLabel('Currency').first().selectOption('sek');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('print-card').first()).toContainText(FIRST.title);
  await expect(page.getByTestId('print-card').first().getByTestId('print-price')).toHaveText(/2\s760\skr/);
  await expect(page.getByText('Using cached rates').first()).toBeVisible();
  await page.goto(`/print-view?print=${SECOND.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: SECOND.title })).toBeVisible();
  await context.setOffline(false);
});

test('live server rates price the page and are kept for offline use', async ({ page, context }) => {
  // The demo data has no rates (the server fetches them on its schedule): answer for it.
  await context.route('**/api/collections/exchange_rates/records**', (route) =>
    route.fulfill({
      json: {
        page: 1,
        perPage: 500,
        totalItems: 2,
        totalPages: 1,
        items: [
          {
            id: 'rsek00000000000',
            collectionName: 'exchange_rates',
            base: 'EUR',
            currency: 'SEK',
            rate: 11.02,
            fetched_at: '2026-11-21 12:00:00.000Z',
          },
          {
            id: 'rusd00000000000',
            collectionName: 'exchange_rates',
            base: 'EUR',
            currency: 'USD',
            rate: 1.05,
            fetched_at: '2026-11-21 12:00:00.000Z',
          },
        ],
      },
    }),
  );
  await page.goto(`/print-view?print=${FIRST.slug}`);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.getByLabel('Currency').selectOption('sek');
  // 240 × 11.02 = 2644.8 → 2 645 kr, the amount Stripe will charge
  await expect(page.getByTestId('print-price')).toHaveText(/2\s645\skr/);
  await expect(page.getByText('Using cached rates')).toHaveCount(0);
  await context.unroute('**/api/collections/exchange_rates/records**');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('print-price')).toHaveText(/2\s645\skr/);
  await expect(page.getByText('Using cached rates')).toBeVisible();
  await context.setOffline(false);
});
