// The certificate of completion, as the learner gets it: once every chapter is completed the
// server makes it, the course dashboard offers it, the first press keeps a copy in the learner's
// downloads on this device (so it opens offline too, like the compendium), and its code checks
// out at /verify for anyone.
import { asSuperuser, createSession, findRecords, signIn } from './accounts';
import { chapters, courseBySlug, enroll } from './chapter-support';
import { expect, test } from './fixtures';
import { savedFile, waitForServiceWorker } from './support';

test('a learner who completed every chapter saves the certificate from the dashboard, opens it offline, and its code verifies', async ({
  page,
  context,
}) => {
  const course = await courseBySlug();
  const learner = await createSession('learner', 'certificate');
  await asSuperuser('PATCH', `/api/collections/users/records/${learner.record.id}`, { name: 'Maja Lindqvist' });
  await enroll(learner.record.id, course.id);
  for (const chapter of await chapters(course.id)) {
    await asSuperuser('POST', '/api/collections/chapter_progress/records', {
      user_id: learner.record.id,
      course_id: course.id,
      chapter_id: chapter.id,
      visited: true,
      completed: true,
      completed_at: new Date().toISOString(),
    });
  }
  // the server makes the certificate, then its PDF (the renderer): wait for both
  await expect
    .poll(
      async () => (await findRecords<{ file: string }>('certificates', `user_id = "${learner.record.id}"`))[0]?.file,
      {
        timeout: 30_000,
      },
    )
    .toBeTruthy();

  await signIn(page, learner);
  await page.goto('/course/whispering-game');
  await waitForServiceWorker(page);
  const card = page.getByRole('region', { name: 'Your certificate' });
  await expect(card.getByRole('button', { name: 'Download certificate' })).toBeVisible();
  const code = (await card.getByTestId('certificate-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(await savedFile(page, 'Download certificate')).toEqual({
    name: 'whispering-game-certificate.pdf',
    head: '%PDF-',
  });

  // offline, after a reload: the copy kept on this device
  await context.setOffline(true);
  await page.reload();
  await expect(card.getByRole('button', { name: 'Download certificate' })).toBeVisible();
  expect(await savedFile(page, 'Download certificate')).toEqual({
    name: 'whispering-game-certificate.pdf',
    head: '%PDF-',
  });
  await context.setOffline(false);

  // anyone can check it: valid, the course named, the learner not
  await card.getByRole('link', { name: new RegExp(`/verify/${code}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
  await expect(page.getByText('Valid', { exact: true })).toBeVisible();
  await expect(page.getByText(course.title).first()).toBeVisible();
  await expect(page.getByText('Maja Lindqvist')).toHaveCount(0);
});
