import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AXE_WCAG, seriousAxeViolations } from './support';
import {
  asSuperuser,
  COURSE_SLUG,
  chapters,
  createLearner,
  enrol,
  ensureChapterVideo,
  serverTicks,
  signIn,
  deviceTicks,
} from './course-support';

async function noSeriousAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page, AXE_WCAG)).toEqual([]);
}

test.describe('course landing page', () => {
  test('signed out: "Sign In to Enroll" goes to /auth and back', async ({ page }) => {
    await page.goto('/whispering-game');
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Game' })).toBeVisible();
    for (const text of [
      '$139',
      'One-time payment',
      '10 Chapters',
      '27 Lessons',
      'Lifetime Access',
      '30-Day Guarantee',
    ]) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    // curriculum: 11 entries, only chapter 1 lists its lessons
    const entries = page.locator('details');
    await expect(entries).toHaveCount(11);
    await entries.first().locator('summary').click();
    await expect(entries.first().getByRole('listitem')).toHaveCount(10);
    await entries.nth(1).locator('summary').click();
    await expect(entries.nth(1).getByText('Content locked')).toBeVisible();
    const button = page.getByTestId('enroll-button').first();
    await expect(button).toHaveText('Sign In to Enroll');
    await noSeriousAxeViolations(page);
    await button.click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fwhispering-game/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByText(/agree to our Terms of sale and Privacy policy/)).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Terms of sale' })).toHaveAttribute('href', '/terms');
    await expect(main.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    await noSeriousAxeViolations(page);
  });

  test('signed in: "Enroll Now" opens the enroll page; enrolled: "Continue Course" opens the course', async ({
    page,
    context,
  }) => {
    const learner = await createLearner('landing');
    await signIn(context, learner);
    await page.goto('/whispering-game');
    const button = page.getByTestId('enroll-button').first();
    await expect(button).toHaveText('Enroll Now');
    await button.click();
    await expect(page).toHaveURL(/\/course\/whispering-game\/enroll$/);
    await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Game' })).toBeVisible();
    await expect(page.getByText('One-time payment')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue Course' })).toBeEnabled();
    await noSeriousAxeViolations(page);

    await enrol(learner);
    await page.goto('/whispering-game');
    await expect(button).toHaveText('Continue Course');
    await button.click();
    await expect(page).toHaveURL(/\/course\/whispering-game$/);
    await expect(page.getByText('0 of 11 chapters')).toBeVisible();
    await noSeriousAxeViolations(page);
    // the enroll page sends an enrolled learner back to the course
    await page.goto('/course/whispering-game/enroll');
    await expect(page.getByText('Already Enrolled', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/course\/whispering-game$/);
  });
});

test.describe('sign-in and protected pages', () => {
  test('a protected page sends a visitor to /auth and back after signing in', async ({ page }) => {
    await page.goto('/my-courses');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmy-courses/);
    // the e2e server offers demo sign-in (loopback site, demo content, no Google client id)
    const config = await (await page.request.get('/api/atelier/auth-config')).json();
    expect(config.demoSignIn, 'demo sign-in is off on the e2e server').toBe(true);
    await page.getByRole('button', { name: 'Sign in as demo admin' }).click();
    await expect(page).toHaveURL(/\/my-courses$/);
    await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
    // /auth when signed in goes on to the remembered path
    await page.goto('/auth?redirect=%2Fwhispering-game');
    await expect(page).toHaveURL(/\/whispering-game$/);
    await page.goto('/my-courses');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
  });

  test('/my-courses: "No Courses Yet" without enrolments', async ({ page, context }) => {
    const learner = await createLearner('empty');
    await signIn(context, learner);
    await page.goto('/my-courses');
    await expect(page.getByRole('heading', { name: 'No Courses Yet' })).toBeVisible();
    await expect(page.getByText('Courses you enroll in appear here.')).toBeVisible();
    const browse = page.getByRole('link', { name: 'Browse Courses' });
    await expect(browse).toHaveAttribute('href', '/');
    // the empty card is as tall as its three lines, not half the screen
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'No Courses Yet' }) });
    const [box, link] = [await card.boundingBox(), await browse.boundingBox()];
    expect((box?.y ?? 0) + (box?.height ?? 0) - ((link?.y ?? 0) + (link?.height ?? 0))).toBeLessThan(80);
  });
});

test.describe('enrolment through checkout', () => {
  test('the enroll page checks out through the Stripe stand-in and the signed webhook enrols', async ({
    page,
    context,
    request,
  }) => {
    const learner = await createLearner('buyer');
    await signIn(context, learner);
    const probe = await request.post('/api/atelier/create-payment', {
      headers: { authorization: learner.token },
      data: { courseSlug: 'no-such-course' },
    });
    // the e2e server's payments go to the Stripe stand-in: an unknown course is a 404 (a 503
    // would mean payments are not configured there, which this test must not pass over)
    expect(probe.status(), await probe.text()).toBe(404);
    expect(((await probe.json()) as { message?: string }).message).toBe('The requested course could not be found.');
    await page.goto(`/course/${COURSE_SLUG}/enroll`);
    await page.getByRole('button', { name: 'Continue Course' }).click();
    // the stand-in's hosted checkout page
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await page.goto(`/course/${COURSE_SLUG}`);
    await expect(page.getByText('Your Progress')).toBeVisible();
    const enrolments = await asSuperuser<{ items: { source: string }[] }>(
      'GET',
      `/api/collections/course_enrollments/records?filter=${encodeURIComponent(`user_id="${learner.id}"`)}`,
    );
    expect(enrolments.items.map((e) => e.source)).toEqual(['purchase']);
  });
});

test.describe('taking the course', () => {
  test('watch a chapter, tick tasks, work offline and sync exactly the final state', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const [first, second] = await chapters(request);
    await page.goto('/');
    await ensureChapterVideo(page, first!.id);
    const learner = await createLearner('taker');
    await enrol(learner);
    await signIn(context, learner);

    await page.goto(`/course/${COURSE_SLUG}`);
    await expect(page.getByText('0 of 11 chapters')).toBeVisible();
    await page.getByRole('link', { name: /01\s*Loosen the Hand/ }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${COURSE_SLUG}/chapter/${first!.id}$`));
    await expect(page.getByText('Chapter 01')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chapter Tasks' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Compendium' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous Chapter' })).toBeDisabled();

    // watch: the position is saved on even whole seconds, synced, and resumed after a reload
    const video = page.getByTestId('chapter-video');
    const serverChapter = async () => {
      const res = await request.get('/api/collections/chapter_progress/records', {
        headers: { authorization: learner.token },
      });
      return ((await res.json()) as { items: { position_seconds: number; completed: boolean }[] }).items[0];
    };
    await expect(video).toHaveAttribute('src', /token=/);
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise<void>((resolve) => {
        const check = () => (v.currentTime >= 2.5 ? resolve() : requestAnimationFrame(check));
        check();
      });
      v.pause();
    });
    await expect.poll(async () => (await serverChapter())?.position_seconds).toBe(2);
    await page.reload();
    await expect(video).toHaveAttribute('src', /token=/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(2);
    // to the end: the chapter completes with the full duration as its position
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await serverChapter())?.completed).toBe(true);
    await noSeriousAxeViolations(page);

    // tick and untick, with toasts
    const task1 = page.getByRole('checkbox', { name: /TASK 01/ });
    await task1.check();
    await expect(page.getByText('Task completed!')).toBeVisible();
    await task1.uncheck();
    await expect(page.getByText('Task unmarked')).toBeVisible();
    await task1.check();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'ok');

    // offline: tick and untick, reload, the state stays
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.getByRole('checkbox', { name: /TASK 02/ }).check();
    await page.getByRole('checkbox', { name: /TASK 03/ }).check();
    await page.getByRole('checkbox', { name: /TASK 02/ }).uncheck();
    await page.getByRole('checkbox', { name: /TASK 01/ }).uncheck();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'local');
    // The box flips at once; the device's copy commits a few ms later. Reload only after
    // it has, as a learner would (this is what a reload must keep, not the optimistic UI).
    await expect.poll(() => deviceTicks(page)).toEqual({ TASK_01: false, TASK_02: false, TASK_03: true });
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /TASK 03/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /TASK 02/ })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: /TASK 01/ })).not.toBeChecked();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'local');

    // reconnect: the server holds exactly the final state
    await context.setOffline(false);
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
    await expect.poll(() => serverTicks(request, learner)).toEqual({ TASK_01: false, TASK_02: false, TASK_03: true });

    // another device sees it
    const other = await browser.newContext();
    await signIn(other, learner);
    const page2 = await other.newPage();
    await page2.goto(`/course/${COURSE_SLUG}/chapter/${first!.id}`);
    await expect(page2.getByRole('checkbox', { name: /TASK 03/ })).toBeChecked();
    await expect(page2.getByRole('checkbox', { name: /TASK 02/ })).not.toBeChecked();
    await expect(page2.getByText('Completed', { exact: true })).toBeVisible();
    await page2.goto(`/course/${COURSE_SLUG}`);
    await expect(page2.getByText('1 of 11 chapters')).toBeVisible();
    await page2.goto('/my-courses');
    // the same measure as on the course page, with the lessons beside it
    await expect(page2.getByTestId('chapters-completed')).toHaveText('1 of 11 chapters completed');
    await expect(page2.getByTestId('progress-detail')).toHaveText('9% complete · 2 of 27 lessons');
    await expect(page2.getByRole('link', { name: 'Continue Learning' })).toBeVisible();
    await other.close();

    // a chapter without a video
    await page.goto(`/course/${COURSE_SLUG}/chapter/${second!.id}`);
    await expect(page.getByText('Video coming soon')).toBeVisible();
  });

  test('chapters are locked without enrolment, and unknown chapters are not found', async ({
    page,
    context,
    request,
  }) => {
    const [first] = await chapters(request);
    const learner = await createLearner('locked');
    await signIn(context, learner);
    await page.goto(`/course/${COURSE_SLUG}/chapter/${first!.id}`);
    await expect(page.getByRole('heading', { name: 'Chapter Locked' })).toBeVisible();
    await expect(page.getByText('You need to enroll in this course to access this chapter.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enroll Now' })).toBeVisible();
    await page.goto(`/course/${COURSE_SLUG}/chapter/nosuchchapter123`);
    await expect(page.getByRole('heading', { name: 'Chapter Not Found' })).toBeVisible();
    await page.goto('/course/no-such-course');
    const heading = page.getByRole('heading', { name: 'Course Not Found' });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(/^Course Not Found/);
    await expect(page.getByText('There is no course at this address.')).toBeVisible();
    // its lines together in the middle, not spread over the screen
    const home = await page.getByRole('link', { name: 'Go Home' }).boundingBox();
    const title = await heading.boundingBox();
    expect((home?.y ?? 0) - ((title?.y ?? 0) + (title?.height ?? 0))).toBeLessThan(120);
  });
});
