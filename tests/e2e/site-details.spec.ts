// What a visitor trips over around the pages (issue 23): the legal pages one tap away, one
// newsletter form on home, the truth after a sign-up, where focus goes, and small layout faults
// (the gallery badge, the Contact Info heading), at phone and desktop size.
import type { Locator, Page } from '@playwright/test';
import { makeImageCopies } from '../../scripts/lib/image-copies.mjs';
import { superuserToken } from './accounts';
import { expect, test } from './sizes';
import { expectToast, ownClientIp, uniqueEmail } from './support';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await ownClientIp(page);
});

async function expectLegalLinks(scope: Locator) {
  await expect(scope.getByRole('link', { name: 'Privacy policy' }).first()).toHaveAttribute('href', '/privacy');
}

test('the footer links the privacy policy and the terms of sale on every page', async ({ page }) => {
  for (const path of ['/', '/artworks', '/print-editions', '/contact', '/whispering-game']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Privacy policy' }).last()).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Terms of sale' })).toHaveAttribute('href', '/terms');
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of sale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeVisible();
});

test('every form that asks for details links the privacy policy', async ({ page }) => {
  await page.goto('/contact');
  await expectLegalLinks(page.getByRole('main'));
  await page.goto('/');
  await expectLegalLinks(page.locator('#stay-connected'));
  await page.goto('/viewing-room');
  await expectLegalLinks(page.getByRole('main'));
  await page.goto('/print-view?print=lantern-bearer-print');
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of sale' })).toHaveAttribute('href', '/terms');
});

test('the home page has one newsletter form; the footer points up to it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('form', { name: /newsletter sign-up/i })).toHaveCount(1);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('form')).toHaveCount(0);
  await footer.getByRole('link', { name: 'Sign up above' }).click();
  await expect(page.getByRole('form', { name: 'Stay Connected newsletter sign-up' })).toBeInViewport();
  // elsewhere the footer has its own form
  await page.goto('/artworks');
  await expect(page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' })).toBeVisible();
});

test('a footer sign-up says to confirm from the inbox, keeping the title "Subscribed"', async ({ page }) => {
  await page.goto('/news');
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Email address').fill(uniqueEmail('footer-truth'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expectToast(page, 'Subscribed', 'Almost there — confirm from the email we just sent you.');
  await expect(page.getByText('You will receive occasional updates')).toHaveCount(0);
});

/** Chooses a page from the menu the way this size shows it: the side sheet on a phone, the bar on a desktop. */
async function chooseFromMenu(page: Page, isMobile: boolean, name: string) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).focus();
    await page.keyboard.press('Enter');
  }
}

test('after choosing a page from the menu, focus is on its main heading', async ({ page, isMobile }) => {
  await page.goto('/');
  await chooseFromMenu(page, isMobile, 'Artworks');
  await expect(page).toHaveURL(/\/artworks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Artworks' })).toBeFocused();
  await chooseFromMenu(page, isMobile, 'News');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeFocused();
  // the next Tab goes on from the heading into the page, not back to the top bar
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement));
  expect(inMain).toBe(true);
});

test('after "Message sent" focus stays on the form\'s button', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Focus Tester');
  await form.getByLabel('Email').fill(uniqueEmail('focus'));
  await form.getByLabel('Message').fill('Where does focus go?');
  const send = form.getByRole('button', { name: 'Send Message' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Message sent', 'Thanks — we will get back to you shortly.');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(send).toBeFocused();
});

test('"Contact Info" has room between the heading and the email link', async ({ page }) => {
  await page.goto('/contact');
  const info = page.getByRole('complementary', { name: 'Contact information' });
  const heading = (await info.getByRole('heading', { name: 'Contact Info' }).boundingBox())!;
  const email = (await info.getByRole('link', { name: 'studio@elinvinter.se' }).boundingBox())!;
  expect(email.y - (heading.y + heading.height)).toBeGreaterThanOrEqual(8);
});

test('the partner-gallery and sold badges sit beside the title, clear of the picture', async ({ page }) => {
  await page.goto('/artworks');
  for (const [work, mark] of [
    ['Understudy', 'Tang Gallery'],
    ['Lantern Bearer', 'Sold'],
  ]) {
    const card = page.getByRole('link', { name: new RegExp(work) }).first();
    const badge = card.getByText(mark, { exact: true });
    await expect(badge).toBeVisible();
    const b = (await badge.boundingBox())!;
    const img = (await card.locator('img').first().boundingBox())!;
    const overlaps =
      b.x < img.x + img.width && b.x + b.width > img.x && b.y < img.y + img.height && b.y + b.height > img.y;
    expect(overlaps, `${mark} badge over ${work}`).toBe(false);
  }
});

test('a picture offered as WebP lays out as its image alone: the text sits beside the portrait, with no empty cell', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(240_000);
  // the cron job makes them within a minute of the server starting; make them now
  await makeImageCopies(test.info().project.use.baseURL!, await superuserToken());
  for (const path of ['/about', '/drop/print-drop', '/exhibitions/in-the-hollow', '/whispering-game']) {
    await page.goto(path);
    const sources = page.locator('#root picture > source');
    await expect(sources.first(), path).toBeAttached();
    // a <source> only chooses a file: it never takes a place of its own in the layout
    const laidOut = await sources.evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).length);
    expect(laidOut, path).toBe(0);
  }
  if (isMobile) return;
  // two columns on a desktop: the heading starts beside the portrait, not under it
  await page.goto('/about');
  const portrait = await page.locator('#root picture img').first().boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(heading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan((portrait?.y ?? 0) + (portrait?.height ?? 0));
});

test('the focus ring stands out on the dark footer as it does on the page (3:1 at least)', async ({ page }) => {
  await page.goto('/');
  for (const link of [
    page.getByRole('main').getByRole('link').first(),
    page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).last(),
  ]) {
    await link.focus();
    const ratio = await link.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      // what the ring sits on (it is drawn outside the element): the nearest background around it
      let bg = 'rgb(255, 255, 255)';
      for (let n: Element | null = el.parentElement; n; n = n.parentElement) {
        const c = getComputedStyle(n).backgroundColor;
        if (c && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) {
          bg = c;
          break;
        }
      }
      const style = getComputedStyle(el);
      if (!el.matches(':focus-visible') || style.outlineStyle === 'none') return 0;
      const [a, b] = [lum(style.outlineColor), lum(bg)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
  }
});

test('the footer divider spans the content column, not the gutters beside it', async ({ page }) => {
  await page.goto('/artworks');
  const edges = await page.getByRole('contentinfo').evaluate((footer) => {
    const [columns, bottom] = Array.from(footer.children);
    const cols = Array.from(columns?.children ?? [], (c) => c.getBoundingClientRect());
    const divider = bottom?.getBoundingClientRect();
    return {
      border: bottom ? getComputedStyle(bottom).borderTopWidth : '',
      column: [Math.min(...cols.map((r) => r.left)), Math.max(...cols.map((r) => r.right))],
      divider: [divider?.left ?? 0, divider?.right ?? 0],
    };
  });
  expect(edges.border).toBe('1px');
  expect(edges.divider[0]).toBeCloseTo(edges.column[0] ?? 0, 0);
  expect(edges.divider[1]).toBeCloseTo(edges.column[1] ?? 0, 0);
});

test('the payment pages head with a page title of the site scale, not the display size of the shop listings', async ({
  page,
}) => {
  const size = async () =>
    page.getByRole('heading', { level: 1 }).evaluate((h) => Number.parseFloat(getComputedStyle(h).fontSize));
  await page.goto('/contact');
  const pageTitle = await size();
  for (const path of ['/payment-canceled', '/payment-success']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await size(), path).toBe(pageTitle);
  }
});
