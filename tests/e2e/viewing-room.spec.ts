// The viewing room: entry form, the emailed link, inquiries, the lightbox.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, onlyInProject, test } from './fixtures';
import { findRecords } from './accounts';
import { AXE_WCAG, expectToast, ownClientIp, seriousAxeViolations, uniqueEmail, waitForServiceWorker } from './support';

// page.route cannot see requests a service worker makes, so these specs run without it
// (offline.spec.ts and the course's offline specs cover the service worker).
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await ownClientIp(page);
});

const seriousAxe = (page: Page) => seriousAxeViolations(page, AXE_WCAG);

async function enterViewingRoom(page: Page, slug = 'the-whispering-room'): Promise<string> {
  const email = uniqueEmail('room');
  await page.goto(`/viewing-room?artwork=${slug}`);
  const form = page.getByRole('form', { name: 'Viewing room entry' });
  await form.getByLabel('First name').fill('Vera');
  await form.getByLabel('Last name').fill('Visitor');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Enter Viewing Room' }).click();
  await expectToast(page, 'Access granted', "We've emailed you details and unlocked the room.");
  return email;
}

interface RoomSubscriber {
  id: string;
  unsubscribe_token: string;
  consent_at: string;
}

/** A room pass signed as the server signs one (HMAC keyed with the subscriber's hidden unsubscribe token). */
function passFor(sub: RoomSubscriber, expires: number): string {
  const mac = createHmac('sha256', sub.unsubscribe_token)
    .update(`viewing-room:${sub.id}:${expires}:${sub.consent_at}`)
    .digest('hex');
  return `${sub.id}.${expires}.${mac}`;
}

test.describe('viewing room', () => {
  test('locked until the entry form is sent; then unlocked and remembered; no footer', async ({ page }) => {
    await page.goto('/viewing-room?artwork=the-whispering-room');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Enter Viewing Room' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toHaveCount(0);

    await enterViewingRoom(page);
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toBeVisible();
    await expect(page.getByText('Oil on linen, staged with paper and wax props')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show / })).toHaveCount(4); // main + 3 details

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toBeVisible();
    const [sub] = await findRecords('newsletter_subscribers', 'consent_context="The Whispering Room"');
    expect(sub).toMatchObject({ consent_source: 'viewing-room' });
  });

  test('the entry form says what the visitor agrees to once, in the form, with the privacy policy', async ({
    page,
  }) => {
    await page.goto('/viewing-room?artwork=the-whispering-room');
    const form = page.getByRole('form', { name: 'Viewing room entry' });
    const consent = page
      .getByRole('main')
      .locator('p')
      .filter({ hasText: /newsletter|news\b/i });
    await expect(consent).toHaveCount(1);
    await expect(form.locator('p').filter({ hasText: /By entering you agree/ })).toHaveCount(1);
    await expect(form.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  test('a failed entry says "Failed to submit" and stays locked', async ({ page }) => {
    await page.goto('/viewing-room');
    await page.route('**/api/atelier/subscribe-newsletter', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ status: 400, message: 'Email: Please enter a valid email address.', data: {} }),
      }),
    );
    const form = page.getByRole('form', { name: 'Viewing room entry' });
    await form.getByLabel('First name').fill('Vera');
    await form.getByLabel('Last name').fill('Visitor');
    await form.getByLabel('Email').fill('vera@example.com');
    await form.getByRole('button', { name: 'Enter Viewing Room' }).click();
    await expectToast(page, 'Failed to submit', 'Please enter a valid email address.');
    await expect(page.getByRole('button', { name: 'Enter Viewing Room' })).toBeVisible();
  });

  test('falls back to the first artwork by sort order; sold and Tang Gallery marks', async ({ page }) => {
    await enterViewingRoom(page, 'no-such-work');
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toBeVisible();
    await page.goto('/viewing-room?artwork=lantern-bearer');
    await expect(page.getByRole('list', { name: 'Status' })).toHaveText('Sold');
    await page.goto('/viewing-room?artwork=understudy');
    await expect(page.getByRole('list', { name: 'Status' })).toHaveText('Tang Gallery');
    await expect(page.getByRole('heading', { name: 'Inquire about this work' })).toHaveCount(0);
  });

  test('the emailed link unlocks the room on another device', async ({ page, request }) => {
    onlyInProject('desktop', "the pass is the server's; the viewport changes nothing in it");
    // the pass the welcome mail carries: made by the server for a subscriber
    const email = uniqueEmail('link');
    const res = await request.post('/api/atelier/subscribe-newsletter', {
      data: { email, source: 'viewing-room', firstName: 'Lin', lastName: 'Kvist', artworkSlug: 'understudy' },
      headers: { 'x-forwarded-for': '10.200.0.1' },
    });
    expect(res.ok()).toBe(true);
    const [sub] = await findRecords<RoomSubscriber>('newsletter_subscribers', `email="${email}"`);
    // a forged pass is refused
    const expires = Math.floor(Date.now() / 1000) + 86400;
    await page.goto(`/viewing-room?artwork=understudy&access=${sub.id}.${expires}.${'0'.repeat(64)}`);
    await expectToast(page, 'Link not valid');
    await expect(page.getByRole('button', { name: 'Enter Viewing Room' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('viewing_room_access'))).toBeNull();

    // the real link opens the room
    await page.goto(`/viewing-room?artwork=understudy&access=${passFor(sub, expires)}`);
    await expectToast(page, 'Access granted', 'The viewing room is unlocked on this device.');
    await expect(page.getByRole('heading', { level: 1, name: 'Understudy' })).toBeVisible();
    await expect(page.getByText('Held by Tang Gallery. Price on request')).toBeVisible();
    await expect(page).not.toHaveURL(/access=/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Understudy' })).toBeVisible();
  });

  test('the room closes when the server ends the pass: unsubscribed, or expired on the device', async ({
    page,
    request,
  }) => {
    onlyInProject('desktop', "the pass is the server's; the viewport changes nothing in it");
    const email = await enterViewingRoom(page);
    await expect(page.getByText('SEK 95 000')).toBeVisible();
    const [sub] = await findRecords<RoomSubscriber>('newsletter_subscribers', `email="${email}"`);
    const off = await request.post(`/api/atelier/newsletter/unsubscribe?token=${sub.unsubscribe_token}`, {
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(off.ok()).toBe(true);
    await page.reload();
    await expectToast(page, 'Your viewing room access has ended', 'Please enter your details again to open the room.');
    await expect(page.getByRole('button', { name: 'Enter Viewing Room' })).toBeVisible();
    await expect(page.getByText('SEK 95 000')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('viewing_room_access'))).toBeNull();

    // a pass whose time is up on this device opens nothing, without asking the server
    await enterViewingRoom(page);
    await expectExpiredPassClosed(page);
  });

  test('inquiry: "Not provided" phone, subject and details reach the server', async ({ page }) => {
    await enterViewingRoom(page);
    const form = page.getByRole('form', { name: 'Artwork inquiry' });
    await expect(form.getByLabel('First name')).toHaveValue('Vera');
    const comment = `Is it framed? ${Date.now()}`;
    await form.getByLabel(/Comments/).fill(comment);
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await expectToast(page, 'Inquiry sent', 'Thank you for your interest. We will contact you shortly.');
    const [msg] = await findRecords<{ subject: string; phone: string; message: string; kind: string }>(
      'contact_messages',
      `message~"${comment}"`,
    );
    expect(msg).toMatchObject({
      kind: 'inquiry',
      subject: 'Artwork Inquiry: The Whispering Room',
      phone: 'Not provided',
    });
    expect(msg.message).toContain('Name: Vera Visitor');
    expect(msg.message).toContain('Dimensions: 140 × 110 cm');

    await page.route('**/api/atelier/send-contact', (route) => route.fulfill({ status: 500, body: '{}' }));
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await expectToast(page, 'Failed to send inquiry');
  });

  test('lightbox zoom rules: fit minimum, max 3, steps 1.15 / 1.05 / 0.1, double-click fit↔2, pan only when zoomed', async ({
    page,
  }) => {
    await enterViewingRoom(page);
    await page.getByRole('button', { name: /^Zoom in on / }).click();
    const dialog = page.getByRole('dialog', { name: /Zoom view/ });
    const stage = dialog.getByTestId('lightbox-stage');
    await expect(stage).toHaveAttribute('data-ready', 'true');
    await expect
      .poll(async () => Number(await stage.getAttribute('data-scale')))
      .toBe(Number(await stage.getAttribute('data-fit')));
    const fit = Number(await stage.getAttribute('data-fit'));
    const scale = async () => Number(await stage.getAttribute('data-scale'));

    const slider = dialog.getByRole('slider', { name: 'Zoom level' });
    await expect(slider).toHaveAttribute('min', String(fit));
    await expect(slider).toHaveAttribute('max', '3');
    await expect(slider).toHaveAttribute('step', '0.1');
    await expect(dialog.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    // drag at fit: no panning
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage box');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 80, cy + 40, { steps: 4 });
    await page.mouse.up();
    await expect(stage).toHaveAttribute('data-pan-x', '0');

    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    expect(await scale()).toBeCloseTo(fit * 1.15, 2);
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    expect(await scale()).toBeCloseTo(fit, 2);

    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -100);
    await expect.poll(scale).toBeCloseTo(fit * 1.05, 2);
    await page.mouse.wheel(0, 100);
    await expect.poll(scale).toBeCloseTo(fit, 2);

    await stage.dblclick();
    await expect.poll(scale).toBe(2);
    // zoomed: dragging pans
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 60, cy, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Number(await stage.getAttribute('data-pan-x'))).toBeGreaterThan(0);
    await stage.dblclick();
    await expect.poll(scale).toBeCloseTo(fit, 2);

    for (let i = 0; i < 20; i++) await dialog.getByRole('button', { name: 'Zoom in' }).click({ force: true });
    expect(await scale()).toBe(3);
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test('lightbox on a phone: pinch zooms (within fit..3) and one finger pans when zoomed', async ({ page }) => {
  onlyInProject('phone', 'touch gestures');
  await enterViewingRoom(page);
  await page.getByRole('button', { name: /^Zoom in on / }).click();
  const stage = page.getByTestId('lightbox-stage');
  await expect(stage).toHaveAttribute('data-ready', 'true');
  await expect
    .poll(async () => Number(await stage.getAttribute('data-scale')))
    .toBe(Number(await stage.getAttribute('data-fit')));
  const fit = Number(await stage.getAttribute('data-fit'));
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage box');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });

  // one finger at fit: no pan
  await touch('touchStart', [[cx, cy]]);
  for (let i = 1; i <= 4; i++) await touch('touchMove', [[cx + i * 15, cy]]);
  await touch('touchEnd', []);
  await expect(stage).toHaveAttribute('data-pan-x', '0');

  // pinch out: fingers 40 px apart → 160 px apart zooms in, never above 3
  await touch('touchStart', [
    [cx - 20, cy],
    [cx + 20, cy],
  ]);
  for (let i = 1; i <= 6; i++)
    await touch('touchMove', [
      [cx - 20 - i * 10, cy],
      [cx + 20 + i * 10, cy],
    ]);
  await touch('touchEnd', []);
  await expect.poll(async () => Number(await stage.getAttribute('data-scale'))).toBeGreaterThan(Math.min(3, fit * 2));
  expect(Number(await stage.getAttribute('data-scale'))).toBeLessThanOrEqual(3);

  // zoomed: one finger pans
  await touch('touchStart', [[cx, cy]]);
  for (let i = 1; i <= 4; i++) await touch('touchMove', [[cx - i * 15, cy]]);
  await touch('touchEnd', []);
  await expect.poll(async () => Number(await stage.getAttribute('data-pan-x'))).toBeLessThan(0);

  // pinch in far: back to the fit scale, not below
  await touch('touchStart', [
    [cx - 150, cy],
    [cx + 150, cy],
  ]);
  for (let i = 1; i <= 6; i++)
    await touch('touchMove', [
      [cx - 150 + i * 24, cy],
      [cx + 150 - i * 24, cy],
    ]);
  await touch('touchEnd', []);
  await expect.poll(async () => Number(await stage.getAttribute('data-scale'))).toBe(fit);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a room visited on this device opens offline while its pass is valid, and not after', async ({
    page,
    context,
  }) => {
    await enterViewingRoom(page);
    await expect(page.getByText('SEK 95 000')).toBeVisible();
    await waitForServiceWorker(page);
    // a second load under the worker (the first visit's page came from the server)
    await page.reload();
    await expect(page.getByText('SEK 95 000')).toBeVisible();

    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toBeVisible();
    await expect(page.getByText('SEK 95 000')).toBeVisible();
    await expect(page.getByText(/paper moon hangs on a visible string/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show / })).toHaveCount(4);

    // the pass's time is up: the device's copy no longer opens the room
    await expectExpiredPassClosed(page);
    await context.setOffline(false);
  });

  test('the "Ready to work offline" toast leaves the lightbox controls usable', async ({ page }) => {
    // the page's timers are the test's: paused once the toast shows, it stays while we look
    await page.clock.install();
    await enterViewingRoom(page);
    await expect(page.getByText('Ready to work offline')).toBeVisible();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByRole('button', { name: /^Zoom in on / }).click();
    const dialog = page.getByRole('dialog', { name: /Zoom view/ });
    await expect(dialog.getByTestId('lightbox-stage')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByText('Ready to work offline')).toBeVisible();
    for (const name of ['Close zoom view', 'Zoom out', 'Zoom in', 'Zoom level']) {
      const control = dialog.getByRole(name === 'Zoom level' ? 'slider' : 'button', { name });
      const hit = await control.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return at === el || el.contains(at) ? 'the control' : (at?.closest('li')?.textContent ?? at?.tagName);
      });
      expect(hit, `${name} under a toast`).toBe('the control');
    }
    await dialog.getByRole('button', { name: 'Zoom in' }).click({ trial: true });
    await page.clock.resume();
  });
});

test.describe('accessibility', () => {
  test('no serious axe violations in the unlocked viewing room and the lightbox', async ({ page }) => {
    await enterViewingRoom(page);
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Room' })).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
    await page.getByRole('button', { name: /^Zoom in on / }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousAxe(page)).toEqual([]);
  });
});

/** The device's pass, its time up (2020), opens nothing after a reload, without asking the server. */
async function expectExpiredPassClosed(page: Page) {
  await page.evaluate(() => {
    const pass = JSON.parse(localStorage.getItem('viewing_room_access') ?? '{}');
    localStorage.setItem('viewing_room_access', JSON.stringify({ ...pass, expiresAt: '2020-01-01T00:00:00.000Z' }));
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Enter Viewing Room' })).toBeVisible();
  await expect(page.getByText('SEK 95 000')).toHaveCount(0);
}
