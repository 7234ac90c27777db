import { devices } from '@playwright/test';
import { expect, test } from './fixtures';
import { createSession, signIn } from './accounts';

test('where the browser offers installation, an "Install app" button shows its dialog', async ({ page }) => {
  const learner = await createSession('learner', 'installer');
  await signIn(page, learner);
  await page.goto('/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline downloads' })).toBeVisible();
  await expect(page.getByTestId('install-button')).toHaveCount(0);
  // Chromium fires beforeinstallprompt only for engaged, installable sites; stand in for it.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
  await page.getByTestId('install-button').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted === true))
    .toBe(true);
  await expect(page.getByTestId('install-button')).toHaveCount(0);
});

test('on iPhone Safari, Add to Home Screen steps are shown instead', async ({ browser, baseURL }) => {
  const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13'];
  const context = await browser.newContext({ ...iphone, baseURL });
  const page = await context.newPage();
  try {
    const learner = await createSession('learner', 'iphone');
    await signIn(page, learner);
    await page.goto('/downloads');
    await expect(page.getByTestId('ios-install-hint')).toContainText('Add to Home Screen');
    await expect(page.getByTestId('install-button')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the manifest offers shortcuts to My courses and Print editions', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(
    expect.arrayContaining(['/my-courses', '/print-editions']),
  );
});
