// The learner's home opens offline without having been visited: a signed-in learner uses the
// app online on another page (the course's landing page), loses the signal, and /my-courses
// and /downloads still open with their course, from the service worker's precache and the
// device's mirror. At phone size (the learner on a train).
import { createLearner, enrol, signIn } from './course-support';
import { onlyInProject } from './fixtures';
import { expect, test } from './sizes';
import { waitForServiceWorker } from './support';

test.beforeEach(() => onlyInProject('phone', 'the learner on a train uses a phone'));

test('/my-courses and /downloads open offline once the app has been used online elsewhere', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const learner = await createLearner('learner-home-offline');
  await enrol(learner);
  await signIn(context, learner);

  await page.goto('/whispering-game');
  await expect(page.getByRole('heading', { level: 1, name: 'The Whispering Game' })).toBeVisible();
  await waitForServiceWorker(page);
  // the app's work after start (its mirror, its precache) has had its chance
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.goto('/my-courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The Whispering Game' })).toBeVisible();

  await page.goto('/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline downloads' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The Whispering Game' })).toBeVisible();
  await expect(page.getByTestId('downloadable-chapter').first()).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
});
