// After the sale, in the browser: the buyer's private order page (and offline once opened), the
// public certificate check at phone and desktop sizes, and the live edition count flipping to
// "Sold out" in an open page while another visitor takes the last copy.
import type { Page } from '@playwright/test';
import { asSuperuser } from './accounts';
import { expect, test } from './fixtures';
import { bankDecides, buy, newPrint, paidOrder, shown } from './order-support';
import { seriousAxeViolations, waitForServiceWorker } from './support';

test('the order page opens from its private link, lists the certificate, and opens offline afterwards', async ({
  page,
  context,
  request,
}) => {
  const { print, token, code } = await paidOrder(request);
  await page.goto(`/order/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByText(`${print.title} × 1 — edition no. 1`)).toBeVisible();
  const cert = page.getByTestId('certificate');
  await expect(cert).toContainText(shown(code));
  await expect(cert.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `/api/atelier/order/${token}/certificates/${code}`,
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // the artist ships it: the page shows the step and the tracking link
  await asSuperuser('PATCH', `/api/collections/orders/records/${token.slice(0, 15)}`, {
    status: 'shipped',
    carrier: 'PostNord',
    tracking_number: 'RR555666777SE',
    tracking_url: 'https://tracking.example/RR555666777SE',
  });
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
    'href',
    'https://tracking.example/RR555666777SE',
  );

  // once opened, it is the buyer's record on this device: it opens without a connection
  await waitForServiceWorker(page);
  await page.reload();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(page.getByTestId('certificate')).toContainText(shown(code));
  await context.setOffline(false);

  // a link with a wrong signature opens nothing
  await page.goto(`/order/${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});

test('a dispute the bank decided for the buyer: the order page says reversed by the bank, also offline', async ({
  page,
  context,
  request,
}) => {
  const { checkout, token, code } = await paidOrder(request);
  await bankDecides(request, checkout, 'lost');
  await page.goto(`/order/${token}`);
  await expect(page.getByTestId('order-status')).toHaveText('Reversed by your bank');
  const why = page.getByTestId('order-reversal');
  await expect(why).toContainText('Your bank decided the dispute about this order in your favour: it returned €120');
  await expect(why).toContainText('The certificates of authenticity of this order are therefore no longer valid.');
  await expect(page.getByTestId('order-refunded')).toContainText('Returned by your bank on');
  await expect(page.getByTestId('certificate')).toContainText(`${shown(code)} (void: reversed by your bank)`);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await waitForServiceWorker(page);
  await page.reload();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Reversed by your bank');
  await expect(page.getByTestId('order-reversal')).toContainText('no longer valid');
  await context.setOffline(false);
});

test('the verify page says valid with the print and number, and unknown for other codes', async ({ page, request }) => {
  const { print, code } = await paidOrder(request);
  await page.goto(`/verify/${shown(code)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate of authenticity' })).toBeVisible();
  await expect(page.getByText('Valid', { exact: true })).toBeVisible();
  await expect(page.getByText(print.title)).toBeVisible();
  await expect(page.getByText('1/10')).toBeVisible();
  await expect(page.getByText('30 × 40 cm')).toBeVisible();
  // laid out for the screen it is on: nothing wider than the viewport
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/verify/ZZZZ-ZZZZ-ZZZZ');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
  await expect(page.getByText('Unknown', { exact: true })).toBeVisible();
});

async function expectOpen(page: Page, text: string) {
  await expect(page.getByTestId('availability').first()).toContainText(text);
}

test('the edition count flips to Sold out in an open page when another visitor takes the last copy', async ({
  page,
  browser,
}) => {
  const print = await newPrint(1);
  await page.goto(`/print-view?print=${print.slug}`);
  await expectOpen(page, 'Edition of 1 · 1 available');
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeEnabled();

  // a drop of the same print, open in the same browser
  const drop = await asSuperuser<{ slug: string }>('POST', '/api/collections/drops/records', {
    slug: `drop-${print.slug}`,
    title: 'Live count drop',
    release_at: '2025-01-01 10:00:00.000Z',
    print_id: print.id,
  });
  const dropPage = await page.context().newPage();
  await dropPage.goto(`/drop/${drop.slug}`);
  await expect(dropPage.getByTestId('edition-count')).toHaveText('1 of 1 left');
  await expect(dropPage.getByRole('link', { name: 'Buy Print' })).toBeVisible();

  // someone else, in their own browser, takes the last copy
  const other = await browser.newContext();
  try {
    await buy(other.request, print.id);
  } finally {
    await other.close();
  }
  // no reload: the open pages change by themselves
  await expectOpen(page, 'Edition of 1 · Sold out');
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(dropPage.getByTestId('edition-count')).toHaveText('Sold out');
  await expect(dropPage.getByRole('button', { name: 'Buy Print' })).toBeDisabled();
  await expect(dropPage.getByRole('link', { name: 'Buy Print' })).toHaveCount(0);
  await dropPage.close();
});
