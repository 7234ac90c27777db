// The Content-Security-Policy holds for the whole site: no page, course page, admin page,
// checkout or the admin UI of PocketBase reports a violation (a `securitypolicyviolation`
// event or a refused load in the console). Google sign-in is checked in
// google-sign-in.spec.ts, analytics in analytics.spec.ts.
import { expect, test } from './fixtures';
import { TEST_SUPERUSER } from '../../scripts/lib/superuser.mjs';
import { createSession, signIn } from './accounts';
import { chapters, courseBySlug, enroll } from './chapter-support';
import { settle, watchCsp } from './csp';
import { ownClientIp } from './support';

test('the policy is enforced and the watcher sees it: an inline script is refused', async ({ page, context }) => {
  const violations = await watchCsp(context);
  await page.goto('/about');
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
  });
  await expect.poll(() => violations().length).toBeGreaterThan(0);
  expect(violations().join('\n')).toContain('script-src');
  expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
});

const PUBLIC = [
  '/',
  '/artworks',
  '/about',
  '/news',
  '/news/building-a-paper-moon',
  '/contact',
  '/print-editions',
  '/print-view?print=the-whispering-room-print',
  '/drop/print-drop',
  '/exhibitions/in-the-hollow',
  '/whispering-game',
  '/viewing-room?artwork=the-whispering-room',
  '/privacy',
  '/terms',
  '/auth',
  '/payment-canceled',
  '/payment-success?session_id=cs_test_unknown',
  '/no-such-page',
];

test('every public page loads without a policy violation, and the header is the strict one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(context);
  await ownClientIp(page);
  for (const path of PUBLIC) {
    const res = await page.goto(path);
    const csp = res?.headers()['content-security-policy'] ?? '';
    // its own files, and the one inline script (the boot script at the top of <head>) by its hash
    expect(csp, path).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    await settle(page);
  }
  // the viewing room open, its images shown
  await page.goto('/viewing-room?artwork=the-whispering-room');
  await page.getByLabel('First name').fill('Csp');
  await page.getByLabel('Last name').fill('Check');
  await page.getByLabel('Email').fill(`csp-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Enter Viewing Room' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toBeVisible();
  await settle(page);
  expect(violations()).toEqual([]);
});

test('the course pages and the downloads page of an enrolled learner', async ({ page, context }) => {
  const violations = await watchCsp(context);
  const course = await courseBySlug();
  const [first] = await chapters(course.id);
  const learner = await createSession('learner', 'csp');
  await enroll(learner.record.id, course.id);
  await signIn(page, learner);
  for (const path of [
    '/my-courses',
    '/course/whispering-game',
    `/course/whispering-game/chapter/${first!.id}`,
    '/course/whispering-game/enroll',
    '/downloads',
  ]) {
    await page.goto(path);
    await settle(page);
  }
  expect(violations()).toEqual([]);
});

test('/admin/videos for an admin', async ({ page, context }) => {
  const violations = await watchCsp(context);
  const admin = await createSession('admin', 'csp-admin');
  await signIn(page, admin);
  await page.goto('/admin/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Chapter Management' })).toBeVisible();
  await settle(page);
  expect(violations()).toEqual([]);
});

test('a checkout: the cart, the Stripe page and the way back', async ({ page, context }) => {
  const violations = await watchCsp(context);
  await ownClientIp(page);
  await page.goto('/print-view?print=lantern-bearer-print');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByTestId('cart-button').click();
  const panel = page.getByRole('dialog', { name: 'Your cart' });
  await panel.getByRole('textbox', { name: 'Email' }).fill('csp-buyer@example.com');
  await panel.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await settle(page);
  expect(violations()).toEqual([]);
});

test("PocketBase's admin UI keeps its own policy and works: the superuser signs in", async ({ page, context }) => {
  const violations = await watchCsp(context);
  await page.goto('/_/');
  await page.getByLabel('Email').fill(TEST_SUPERUSER.email);
  await page.getByRole('textbox', { name: /Password/ }).fill(TEST_SUPERUSER.password);
  await page.getByRole('button', { name: /Login/ }).click();
  // signed in: the dashboard lists the first collection's records
  await expect(page.getByText(/^Total: \d+/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
  await settle(page);
  expect(violations()).toEqual([]);
});
