import type { Locator, Page } from '@playwright/test';
import { onlyInProject } from './fixtures';
import { expect, test } from './sizes';
import { expectToast, ownClientIp, seriousAxeViolations, uniqueEmail } from './support';

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

// A fixed browser language: the default currency follows it (en-IE → eur), on the server
// (Accept-Language) as in the app (navigator.languages).
test.use({ locale: 'en-IE' });

test.beforeEach(async ({ page }) => {
  await ownClientIp(page);
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

/** Adds a print on its page and opens the cart panel. */
async function cartWith(page: Page, slug = SECOND.slug) {
  await page.goto(`/print-view?print=${slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  return openCart(page);
}

/**
 * Checkout from the panel with a buyer's email of its own (the copies are held under it, at most
 * 2 per email and 4 per network: each test is its own buyer, see beforeEach).
 */
async function checkout(panel: Locator, email = uniqueEmail('buyer')) {
  await panel.getByRole('textbox', { name: 'Email' }).fill(email);
  await panel.getByRole('button', { name: 'Checkout' }).click();
}

test('checkout without an email asks for one at the field, once, and asks nothing of the server', async ({ page }) => {
  const panel = await cartWith(page);
  const email = panel.getByRole('textbox', { name: 'Email' });
  await email.fill('');
  await panel.getByRole('button', { name: 'Checkout' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(
    'Enter your email address: your copies are held for you under it while you pay.',
  );
  await expect(email).toBeFocused();
  // the field says it; no toast says it again (the "Added to cart" one may still be up)
  await expect(page.getByRole('list', { name: 'Notifications' }).getByText(/email/i)).toHaveCount(0);
  expect(page.url()).toMatch(/\/print-view/);
});

test('checkout goes to Stripe in this tab and keeps the cart; back from Stripe the cart is all there', async ({
  page,
}) => {
  const panel = await cartWith(page);
  await checkout(panel);
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Stand-in checkout' })).toBeVisible();
  await expect(page.getByText(SECOND.title)).toBeVisible();
  expect(page.context().pages()).toHaveLength(1);

  // the buyer leaves Stripe without paying or canceling
  await page.goBack();
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
  const again = page.getByRole('dialog', { name: 'Your cart' });
  if (!(await again.isVisible())) await openCart(page);
  await expect(again.getByTestId('cart-line')).toContainText(SECOND.title);
  await expect(again.getByRole('button', { name: 'Checkout' })).toBeEnabled();
});

test('paying lands on "Payment successful" with the order; its print leaves the cart; the main button is Continue shopping', async ({
  page,
}) => {
  const panel = await cartWith(page);
  await checkout(panel);
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('order-id')).toHaveText(/^[a-z0-9]{8}$/);
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByText('A confirmation is on its way to your inbox.')).toBeVisible();
  await expect(page).toHaveTitle(/^Payment successful \|/);
  // a print buyer is sent on to the prints, not to courses or a sign-in
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/print-editions');
  await expect(main.getByRole('link', { name: 'My courses' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByTestId('cart-button')).toBeHidden();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // the sold copy is gone from the edition
  await page.goto(`/print-view?print=${SECOND.slug}`);
  await expect(page.getByTestId('availability')).toHaveText(/Edition of 30 · (2[0-9]) available/);
});

test('a payment still pending says "Payment pending", never "successful", and the cart stays', async ({ page }) => {
  onlyInProject('desktop', 'what the server says of a payment does not depend on the viewport');
  const panel = await cartWith(page);
  await checkout(panel);
  await page.waitForURL(/\/pay\/cs_test_/);
  const sessionId = page.url().split('/pay/')[1];
  // back at the site's success page before the payment went through
  await page.goto(`/payment-success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment pending' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Payment pending');
  await expect(page.getByRole('main').getByText(/success/i)).toHaveCount(0);
  await expect(page).toHaveTitle(/^Payment pending \|/);
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
});

test('payment-success without a session, or one the server does not know, claims nothing and keeps the cart', async ({
  page,
}) => {
  onlyInProject('desktop', 'what the server says of a payment does not depend on the viewport');
  await cartWith(page);
  await page.keyboard.press('Escape');
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to show' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/success|thank you/i)).toHaveCount(0);
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');

  await page.goto('/payment-success?session_id=cs_test_unknown');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not confirm your payment' })).toBeVisible();
  await expect(page.getByText('Verifying your payment...')).toHaveCount(0);
  await expect(page.getByTestId('order-details')).toHaveCount(0);
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Print Editions' })).toBeVisible();
});

test('payment canceled: no charges, the session is closed and the cart is still there', async ({ page }) => {
  onlyInProject('desktop', 'what the server says of a payment does not depend on the viewport');
  const panel = await cartWith(page, FIRST.slug);
  await checkout(panel);
  await page.waitForURL(/\/pay\/cs_test_/);
  const sessionId = page.url().split('/pay/')[1];
  // the page closes the Stripe session at once, so the held copy is for sale again
  const [canceled] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/atelier/cancel-payment') && r.request().method() === 'POST'),
    page.getByRole('link', { name: 'Cancel' }).click(),
  ]);
  await page.waitForURL(new RegExp(`/payment-canceled\\?session_id=${sessionId}$`));
  expect(canceled.status()).toBe(200);
  expect(((await canceled.json()) as { order: { status: string } }).order.status).toBe('canceled');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment canceled' })).toBeVisible();
  await expect(page.getByText('No charges were made.')).toBeVisible();
  await expect(page.getByTestId('cart-kept')).toHaveText('The print is still in your cart.');
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Print Editions' })).toHaveAttribute(
    'href',
    '/print-editions',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('"Clear cart" is a quiet text button under Checkout, and can be undone', async ({ page }) => {
  const panel = await cartWith(page);
  const clear = panel.getByRole('button', { name: 'Clear cart' });
  const checkout = panel.getByRole('button', { name: 'Checkout' });
  // quiet: no fill and no border, smaller than Checkout, and not right against it
  const look = await clear.evaluate((el) => {
    const s = getComputedStyle(el);
    return { bg: s.backgroundColor, border: s.borderTopWidth, height: el.getBoundingClientRect().height };
  });
  expect(look.bg).toBe('rgba(0, 0, 0, 0)');
  expect(look.border).toBe('0px');
  const checkoutBox = (await checkout.boundingBox())!;
  const clearBox = (await clear.boundingBox())!;
  expect(look.height).toBeLessThan(checkoutBox.height);
  expect(clearBox.y - (checkoutBox.y + checkoutBox.height)).toBeGreaterThan(12);

  await clear.click();
  await expect(panel.getByText('Your cart is empty.')).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('Cart cleared.');
  await expect(panel.getByRole('status')).toBeFocused();
  await panel.getByRole('button', { name: 'Undo' }).click();
  await expect(panel.getByTestId('cart-line')).toContainText(SECOND.title);
  await expect(panel.getByRole('button', { name: 'Checkout' })).toBeFocused();
  await expect(page.getByTestId('cart-button')).toHaveAccessibleName('Cart, 1 item');
});

test('removing the last line keeps focus in the panel; closing it puts focus on the main heading', async ({ page }) => {
  const panel = await cartWith(page);
  await panel.getByRole('button', { name: `Remove ${SECOND.title}` }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toContainText(`Removed “${SECOND.title}”.`);
  await expect(panel.getByRole('status')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: SECOND.title })).toBeFocused();
  await expect(page.getByTestId('cart-button')).toBeHidden();
  // once closed, the next "Add to Cart" does not open the panel by itself
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-button')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
});

test('the "Added to cart" toast does not sit over the open cart panel', async ({ page }) => {
  await page.goto(`/print-view?print=${SECOND.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectToast(page, 'Added to cart', SECOND.title);
  await openCart(page);
  await expect(page.getByRole('list', { name: 'Notifications' }).locator('li')).toHaveCount(0);
});

test('the cart panel links the terms of sale and the privacy policy', async ({ page }) => {
  const panel = await cartWith(page);
  await expect(panel.getByRole('link', { name: 'Terms of sale' })).toHaveAttribute('href', '/terms');
  await expect(panel.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  await panel.getByRole('link', { name: 'Terms of sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeHidden();
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
  onlyInProject('desktop', 'where rates come from does not depend on the viewport');
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

test('print view: the main image and each detail open the zoom view (fit to 3×), by tap or click', async ({
  page,
  isMobile,
}) => {
  await page.goto(`/print-view?print=${SECOND.slug}`);
  const press = (l: Locator) => (isMobile ? l.tap() : l.click());
  const thumbs = page.getByRole('list', { name: 'Images of this work' }).getByRole('button');
  await expect(thumbs).toHaveCount(3); // the print and its two details
  const main = page.getByRole('button', { name: /^Zoom in on / });
  await expect(main).toHaveAccessibleName(`Zoom in on ${SECOND.title}, limited-edition giclée print.`);

  await press(main);
  const dialog = page.getByRole('dialog', { name: `Zoom view: ${SECOND.title}` });
  const stage = dialog.getByTestId('lightbox-stage');
  await expect(stage).toHaveAttribute('data-ready', 'true');
  const fit = Number(await stage.getAttribute('data-fit'));
  await expect.poll(async () => Number(await stage.getAttribute('data-scale'))).toBe(fit);
  await press(dialog.getByRole('button', { name: 'Zoom in' }));
  await expect.poll(async () => Number(await stage.getAttribute('data-scale'))).toBeGreaterThan(fit);
  await press(dialog.getByRole('button', { name: 'Close zoom view' }));
  await expect(dialog).toHaveCount(0);

  // a detail: shown large, and zoomable in its turn
  const detail = thumbs.nth(1);
  const detailName = (await detail.getAttribute('aria-label'))!.replace(/^Show /, '');
  await press(detail);
  await expect(detail).toHaveAttribute('aria-pressed', 'true');
  await expect(main).toHaveAccessibleName(`Zoom in on ${detailName}`);
  await press(main);
  await expect(dialog.getByRole('img', { name: detailName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(main).toBeFocused();
});
