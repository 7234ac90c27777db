// Every public and learner page at phone (390×844) and desktop (1440×900) size: axe-core with
// all of its default rules (WCAG A/AA and best practices) and no impact left out must find
// nothing, and a full-page screenshot of each is kept for a person to look through after the
// run: tests/.tmp/screenshots/<project>/<page>.png (also attached to the HTML report).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { createSession, signInBeforeLoad } from './accounts';
import { chapters, createLearner, enrol, signIn } from './course-support';
import { paidOrder, shown } from './order-support';
import { onlyInProject } from './fixtures';
import { expect, test } from './sizes';
import { ownClientIp, uniqueEmail } from './support';

const SHOTS = join(process.cwd(), 'tests', '.tmp', 'screenshots');

// no service worker: its "Ready to work offline" toast would land in some screenshots and not others
test.use({ serviceWorkers: 'block' });
// axe on a long page of a phone takes seconds on a busy machine
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

interface Setup {
  page: Page;
  context: BrowserContext;
  request: APIRequestContext;
}

interface View {
  name: string;
  /** Where to go; a function when it needs data or an account first. */
  path: string | ((s: Setup) => Promise<string>);
  /** The page's main heading, which says it has rendered. */
  heading: string | RegExp;
  /** What to do on the page before it is checked (open something, sign up). */
  act?: (s: Setup) => Promise<void>;
  /** A modal is open: the screenshot is of the viewport (fixed layers do not stitch into a full page). */
  viewportOnly?: boolean;
  /** Only at this size (the menu button, for one, exists only on a phone). */
  only?: 'phone' | 'desktop';
}

async function learner(s: Setup, enrolled: boolean) {
  const l = await createLearner(enrolled ? 'every-page-enrolled' : 'every-page-learner');
  if (enrolled) await enrol(l);
  await signIn(s.context, l);
}

const VIEWS: View[] = [
  { name: 'home', path: '/', heading: 'Elin Vinter' },
  { name: 'artworks', path: '/artworks', heading: 'Artworks' },
  { name: 'about', path: '/about', heading: 'Elin Vinter' },
  { name: 'contact', path: '/contact', heading: /Contact/ },
  { name: 'news', path: '/news', heading: 'News' },
  { name: 'news-post', path: '/news/in-the-hollow-opens', heading: 'In the hollow opens in September' },
  { name: 'news-post-missing', path: '/news/no-such-post', heading: 'Article Not Found' },
  { name: 'print-editions', path: '/print-editions', heading: 'Print Editions' },
  { name: 'print-view', path: '/print-view?print=lantern-bearer-print', heading: 'Lantern Bearer' },
  { name: 'print-view-missing', path: '/print-view?print=no-such-print', heading: /./ },
  {
    name: 'print-view-zoom',
    path: '/print-view?print=lantern-bearer-print',
    heading: 'Lantern Bearer',
    act: async ({ page }) => {
      await page.getByRole('button', { name: /^Zoom in on / }).click();
      await expect(page.getByTestId('lightbox-stage')).toHaveAttribute('data-ready', 'true');
    },
    viewportOnly: true,
  },
  {
    name: 'menu-open',
    path: '/',
    heading: 'Elin Vinter',
    act: async ({ page }) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    },
    viewportOnly: true,
    only: 'phone',
  },
  { name: 'viewing-room-gate', path: '/viewing-room?artwork=lantern-bearer', heading: 'Viewing Room' },
  {
    name: 'viewing-room-open',
    path: async ({ page }) => {
      await ownClientIp(page);
      return '/viewing-room?artwork=understudy';
    },
    heading: 'Viewing Room',
    act: async ({ page }) => {
      const form = page.getByRole('form', { name: 'Viewing room entry' });
      await form.getByLabel('First name').fill('Vera');
      await form.getByLabel('Last name').fill('Visitor');
      await form.getByLabel('Email').fill(uniqueEmail('every-page'));
      await form.getByRole('button', { name: 'Enter Viewing Room' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Understudy' })).toBeVisible();
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
    },
  },
  { name: 'drop', path: '/drop/print-drop', heading: /The Whispering Room/ },
  { name: 'drop-missing', path: '/drop/no-such-drop', heading: '404' },
  { name: 'exhibition', path: '/exhibitions/in-the-hollow', heading: 'In the hollow' },
  { name: 'whispering-game', path: '/whispering-game', heading: 'The Whispering Game' },
  { name: 'auth', path: '/auth', heading: 'Welcome Back' },
  { name: 'privacy', path: '/privacy', heading: /Privacy/ },
  { name: 'terms', path: '/terms', heading: /Terms/ },
  { name: 'payment-success-no-session', path: '/payment-success', heading: /./ },
  { name: 'payment-success-unknown-session', path: '/payment-success?session_id=cs_test_unknown', heading: /./ },
  {
    name: 'payment-success-paid',
    path: async ({ request }) => `/payment-success?session_id=${(await paidOrder(request)).checkout.sessionId}`,
    heading: 'Payment successful',
    act: async ({ page }) => {
      // the order's facts stand apart from the sentence above them
      const sentence = (await page.getByText('Thank you for your order.').boundingBox())!;
      const facts = (await page.getByTestId('order-details').boundingBox())!;
      expect(facts.y - (sentence.y + sentence.height)).toBeGreaterThanOrEqual(12);
    },
  },
  { name: 'payment-canceled', path: '/payment-canceled', heading: 'Payment canceled' },
  {
    name: 'order',
    path: async ({ request }) => `/order/${(await paidOrder(request)).token}`,
    heading: 'Your order',
  },
  {
    name: 'order-missing',
    path: '/order/aaaaaaaaaaaaaaa-0123456789abcdef0123456789abcdef',
    heading: 'Order not found',
  },
  {
    name: 'certificate-verify',
    path: async ({ request }) => `/verify/${shown((await paidOrder(request)).code)}`,
    heading: 'Certificate of authenticity',
  },
  { name: 'certificate-unknown', path: '/verify/ZZZZ-ZZZZ-ZZZZ', heading: 'Certificate not found' },
  // where a form the browser posted itself lands (before the app starts, or without JavaScript)
  { name: 'form-result-sent', path: '/result/contact?outcome=sent&back=/contact', heading: 'Message sent' },
  {
    name: 'form-result-refused',
    path: '/result/contact?outcome=invalid&errors=email.invalid_email,message.required&back=/contact',
    heading: 'Failed to send',
  },
  { name: 'drop-current', path: '/drop', heading: /The Whispering Room/ },
  { name: 'not-found', path: '/no-such-page/at-all', heading: '404' },
  {
    name: 'cart-open',
    path: '/print-view?print=lantern-bearer-print',
    heading: 'Lantern Bearer',
    act: async ({ page }) => {
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('cart-button').click();
      await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    },
    viewportOnly: true,
  },
  {
    name: 'my-courses',
    path: async (s) => {
      await learner(s, true);
      return '/my-courses';
    },
    heading: 'My Courses',
  },
  {
    name: 'course-dashboard',
    path: async (s) => {
      await learner(s, true);
      return '/course/whispering-game';
    },
    heading: 'The Whispering Game',
  },
  {
    name: 'course-dashboard-not-enrolled',
    path: async (s) => {
      await learner(s, false);
      return '/course/whispering-game';
    },
    heading: 'The Whispering Game',
  },
  {
    name: 'course-enroll',
    path: async (s) => {
      await learner(s, false);
      return '/course/whispering-game/enroll';
    },
    heading: 'The Whispering Game',
  },
  {
    name: 'chapter',
    path: async (s) => {
      await learner(s, true);
      const [first] = await chapters(s.request);
      return `/course/whispering-game/chapter/${first?.id}`;
    },
    heading: 'Loosen the Hand',
  },
  {
    name: 'chapter-locked',
    path: async (s) => {
      await learner(s, false);
      const [first] = await chapters(s.request);
      return `/course/whispering-game/chapter/${first?.id}`;
    },
    heading: 'Chapter Locked',
  },
  {
    name: 'downloads',
    path: async (s) => {
      await learner(s, true);
      return '/downloads';
    },
    heading: 'Offline downloads',
  },
  {
    name: 'admin-videos',
    path: async (s) => {
      await signInBeforeLoad(s.context, await createSession('admin', 'every-page-admin'));
      return '/admin/videos';
    },
    heading: 'Course Chapter Management',
  },
  {
    // a chapter's row opened to edit: the picker, its drop zone and the text
    name: 'admin-videos-chapter-open',
    path: async (s) => {
      await signInBeforeLoad(s.context, await createSession('admin', 'every-page-admin'));
      return '/admin/videos';
    },
    heading: 'Course Chapter Management',
    act: async ({ page }) => {
      await page
        .getByRole('button', { name: /^Manage / })
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible();
    },
  },
];

/** Loads every lazy image, so the full-page screenshot shows the whole page. */
async function loadAllImages(page: Page) {
  await page.evaluate(() => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), null, {
    timeout: 10_000,
  });
}

for (const view of VIEWS) {
  test(`${view.name}: axe finds nothing (all impacts); screenshot kept`, async ({ page, context, request }, info) => {
    // a listed skip reason (scripts/lib/skips.mjs): the view exists in one project only
    if (view.only) onlyInProject(view.only, `the ${view.name} view exists at ${view.only} size only`);
    const setup = { page, context, request };
    const path = typeof view.path === 'string' ? view.path : await view.path(setup);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: view.heading }).first()).toBeVisible();
    await view.act?.(setup);
    await loadAllImages(page);
    await page.evaluate(() => document.fonts.ready);

    const dir = join(SHOTS, info.project.name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${view.name}.png`);
    await page.screenshot({ path: file, fullPage: !view.viewportOnly, animations: 'disabled' });
    await info.attach(`${view.name} (${info.project.name})`, { path: file, contentType: 'image/png' });

    const results = await new AxeBuilder({ page }).analyze();
    const violations = results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
    expect(violations).toEqual([]);
  });
}
