import { expect, test } from './fixtures';
import { ARTIST, type ArtworkRow, listRecords, type PrintRow } from './support';

test.describe('home', () => {
  test('renders the hero, three recent works, the print teaser and the newsletter forms', async ({
    page,
    request,
    baseURL,
  }) => {
    const recent = await listRecords<ArtworkRow>(request, 'artworks', { sort: 'sort_order', perPage: '3' });
    const featured = await listRecords<PrintRow>(request, 'prints', {
      sort: 'sort_order',
      perPage: '1',
      filter: 'is_active = true',
    });

    await page.goto('/');
    await expect(page).toHaveTitle(`${ARTIST} — Contemporary Artist`);
    await expect(page.getByRole('heading', { level: 1, name: ARTIST })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: ARTIST })).toHaveAttribute('href', '/');

    const works = page.getByRole('region', { name: 'Recent Works' });
    await expect(works.getByRole('heading', { name: 'Recent Works' })).toBeVisible();
    const links = works.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(3);
    for (const [i, artwork] of recent.items.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `/viewing-room?artwork=${artwork.slug}`);
      await expect(links.nth(i).getByRole('heading', { name: artwork.title })).toBeVisible();
    }

    const print = featured.items[0]!;
    const viewPrint = page.getByRole('link', { name: 'View Print' });
    await expect(viewPrint).toHaveAttribute('href', `/print-editions?print=${print.slug}`);
    await expect(
      page.getByRole('region', { name: 'Limited-edition prints' }).getByText(print.title, { exact: true }),
    ).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Stay Connected' })).toBeVisible();
    await expect(
      page.getByRole('form', { name: 'Stay Connected newsletter sign-up' }).getByRole('button', { name: 'Subscribe' }),
    ).toBeVisible();

    // every page's head: canonical URL and description
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Stockholm-based .*narrative, theatrical paintings/,
    );
    await expect(page.locator('meta[name="author"]')).toHaveAttribute('content', ARTIST);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', ARTIST);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);

    // The hero is the LCP image: eager, high priority, responsive.
    const hero = page.locator('figure img').first();
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('srcset', /400w.*600w.*800w.*1200w.*1600w/);
    await expect(hero).toHaveAttribute('alt', /.+/);
  });

  test('footer has its four columns, copyright with the current year, and no cart button while the cart is empty', async ({
    page,
  }) => {
    // home has its own sign-up (Stay Connected) above the footer: the footer points to it there
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sign up above' })).toHaveAttribute(
      'href',
      '#stay-connected',
    );
    await expect(page.getByRole('contentinfo').getByRole('textbox', { name: 'Email address' })).toHaveCount(0);
    // every other page carries the footer's own form
    await page.goto('/artworks');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(ARTIST, { exact: true })).toBeVisible();
    await expect(
      footer.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'Artworks' }),
    ).toHaveAttribute('href', '/artworks');
    await expect(footer.getByText('Get updates on exhibitions and print editions.')).toBeVisible();
    const email = footer.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(footer.getByText('Stockholm, Sweden')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Contact form' })).toHaveAttribute('href', '/contact');
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', /instagram\.com/);
    await expect(footer.getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', /youtube\.com/);
    await expect(footer.getByRole('link', { name: /Learn/ })).toHaveAttribute('href', '/whispering-game');
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${ARTIST}`)).toBeVisible();
    await expect(page.getByTestId('cart-button')).toBeHidden();
  });

  test('an invalid newsletter address gets the "Invalid email" toast', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Stay Connected newsletter sign-up' });
    await form.getByRole('textbox', { name: 'Email address' }).fill('not an email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  });
});

test.describe('/artworks', () => {
  test('lists every artwork, newest year first, with "{n} results"', async ({ page, request }) => {
    const all = await listRecords<ArtworkRow>(request, 'artworks', { sort: '-year,sort_order', perPage: '200' });
    await page.goto('/artworks');
    await expect(page).toHaveTitle('Artworks | Elin Vinter');
    await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
    await expect(page.getByText(`${all.totalItems} results`)).toBeVisible();

    const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(cards).toHaveCount(all.totalItems);
    for (const [i, artwork] of all.items.entries()) {
      await expect(cards.nth(i)).toHaveAttribute('href', `/viewing-room?artwork=${artwork.slug}`);
      await expect(cards.nth(i).getByRole('heading', { level: 2 })).toHaveText(artwork.title);
    }
    // Alt texts come from the records, never empty.
    const firstImage = cards.first().locator('img');
    await expect(firstImage).toHaveAttribute('alt', /.+/);
  });
});

test.describe('layout rules', () => {
  test('unknown routes show the 404 page with a link home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: /home/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: ARTIST })).toBeVisible();
  });

  test('the browser context menu is disabled', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: ARTIST })).toBeVisible();
    const prevented = await page.evaluate(() => {
      const target = document.querySelector('h1')!;
      const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(prevented).toBe(true);
  });

  test('navigating scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Artworks' });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await footerLink.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the cart button appears when the cart has items and opens "Your cart"', async ({ page }) => {
    await page.addInitScript(() => {
      const item = { id: 'print-demo', title: 'Demo print', price: 240, currency: 'eur', imageUrl: '', quantity: 2 };
      localStorage.setItem(
        'atelier-cart-v1',
        JSON.stringify({ state: { items: [item], currency: 'eur' }, version: 1 }),
      );
    });
    await page.goto('/');
    const cart = page.getByTestId('cart-button');
    await expect(cart).toBeVisible();
    await cart.click();
    const panel = page.getByRole('dialog', { name: 'Your cart' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Demo print')).toBeVisible();
    await expect(panel.getByText('Subtotal')).toBeVisible();
    await expect(panel.getByText('€480', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Remove Demo print' }).click();
    // the emptied panel stays open with its undo until the visitor closes it
    await expect(panel.getByRole('status')).toContainText('Removed “Demo print”.');
    await expect(panel.getByText('Your cart is empty.')).toBeVisible();
    await expect(cart).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(cart).toBeHidden();
  });
});
