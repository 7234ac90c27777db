// The course as a buyer and a learner see it (issue 23): the landing page's instructor portrait,
// one price, questions go to /contact; chapter pages that do not shift as they load, tabs named
// for what they show, one progress measure everywhere, and the lead sentence said once.
import { chapters, createLearner, enrol, signIn } from './course-support';
import { expect, test } from './sizes';
import { recordShifts, shiftsSoFar } from './support';

test.use({ serviceWorkers: 'block' });

const COURSE = 'The Whispering Game';

test('landing page: the instructor portrait shows, one price written one way, questions go to /contact', async ({
  page,
}) => {
  await page.goto('/whispering-game');
  const instructor = page.getByRole('region', { name: 'Your instructor' });
  const portrait = instructor.getByRole('img', { name: 'Portrait of Elin Vinter.' });
  await portrait.scrollIntoViewIfNeeded(); // it loads lazily, below the fold on a phone
  await expect(portrait).toBeVisible();
  await expect.poll(async () => (await portrait.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(100);
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  await expect(page.getByTestId('course-price')).toHaveText(['$139', '$139']);
  await expect(page.getByText('$139.00')).toHaveCount(0);

  await expect(page.getByText('Visit the studio site')).toHaveCount(0);
  await page.getByRole('link', { name: 'Write to the studio' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
});

test('a chapter page does not shift as it loads (CLS under 0.1), and its tab names the chapter and course', async ({
  page,
  context,
  request,
}) => {
  const learner = await createLearner('cls');
  await enrol(learner);
  await signIn(context, learner);
  const [first, second] = await chapters(request);
  await recordShifts(page);
  for (const chapter of [first!, second!]) {
    await page.goto(`/course/whispering-game/chapter/${chapter.id}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark chapter as complete' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // the footer, in view while the page loaded, was what moved: allow the page a moment to settle
    await page.waitForTimeout(1000);
    const cls = await shiftsSoFar(page);
    expect(cls, `CLS of ${chapter.title}`).toBeLessThan(0.1);
    await expect(page).toHaveTitle(`${chapter.title} — ${COURSE} | Elin Vinter`);
  }
  await page.goto('/course/whispering-game');
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page).toHaveTitle(`${COURSE} | Elin Vinter`);
});

test('each chapter says its lead sentence once', async ({ page, context, request }) => {
  const learner = await createLearner('lead');
  await enrol(learner);
  await signIn(context, learner);
  const [first] = await chapters(request);
  await page.goto(`/course/whispering-game/chapter/${first!.id}`);
  const lead = 'Warm-up sketches that get you past the fear of the first line.';
  await expect(page.getByText(lead)).toHaveCount(1);
  await expect(page.getByText(/In this chapter we work through "Loosen the Hand"/)).toBeVisible();
});

test('progress is counted the same way on My Courses and the course page', async ({ page, context, request }) => {
  const learner = await createLearner('measure');
  await enrol(learner);
  await signIn(context, learner);
  const [first] = await chapters(request);
  await page.goto(`/course/whispering-game/chapter/${first!.id}`);
  await page.getByRole('checkbox', { name: /TASK 01/ }).check();
  await page.getByRole('button', { name: 'Mark chapter as complete' }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();

  const seen: string[][] = [];
  for (const path of ['/my-courses', '/course/whispering-game']) {
    await page.goto(path);
    await expect(page.getByTestId('chapters-completed')).toHaveText('1 of 11 chapters completed');
    await expect(page.getByTestId('progress-detail')).toHaveText('9% complete · 2 of 27 lessons');
    seen.push([
      await page.getByTestId('chapters-completed').innerText(),
      await page.getByTestId('progress-detail').innerText(),
    ]);
  }
  expect(seen[0]).toEqual(seen[1]);
});
