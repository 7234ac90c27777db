// The course after the sale: the completion certificate (made once when the last chapter is
// completed, readable only by its learner, verifiable without showing who), a refunded course
// (enrolment ends, progress stays, the certificate is void) and buying it again (progress
// resumes, a new certificate). Real PocketBase with the demo course, Stripe stand-in, renderer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailDev } from '../../scripts/lib/maildev.mjs';
import { quietPort } from '../../scripts/lib/pb-run.mjs';
import { rendererLink, startRenderer } from '../../scripts/lib/renderer.mjs';
import { mailsTo } from '../support/mail';
import { pdfText } from '../support/pdf-text';
import { asSuperuser, createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type Delivery, type StripeStandin, startStripeStandin } from '../support/stripe-standin';
import { api, listAll } from './helpers';

let pb: TestPocketBase;
let stripe: StripeStandin;
let mail: Awaited<ReturnType<typeof startMailDev>>;
let renderer: Awaited<ReturnType<typeof startRenderer>>;

// the renderer's secret and work folder, shared with PocketBase (as npm start does)
const link = rendererLink();

beforeAll(async () => {
  mail = await startMailDev();
  stripe = await startStripeStandin();
  const renderPort = await quietPort();
  pb = await startPocketBase({
    seed: true,
    env: {
      ...stripe.env,
      ...mail.smtpEnv,
      RENDER_PORT: String(renderPort),
      ...link,
      ARTIST_EMAIL: 'artist@atelier.test',
    },
  });
  stripe.setWebhookUrl(`${pb.url}/api/stripe/webhook`);
  renderer = await startRenderer({
    port: renderPort,
    pbUrl: pb.url,
    siteUrl: pb.url,
    env: { ...process.env, ...link },
  });
});
afterAll(async () => {
  await renderer?.stop();
  await pb?.stop();
  await stripe?.stop();
  await mail?.stop();
});

const q = (filter: string) => `&filter=${encodeURIComponent(filter)}`;

async function buyCourse(token: string) {
  const r = await api(pb, 'POST', '/api/atelier/create-payment', token, { courseSlug: 'whispering-game' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(((await stripe.pay(r.body.sessionId)) as Delivery).status).toBe(200);
  return r.body.sessionId as string;
}

async function complete(userId: string, courseId: string, chapterId: string) {
  const res = await asSuperuser(pb, '/api/collections/chapter_progress/records', {
    method: 'POST',
    body: JSON.stringify({
      user_id: userId,
      course_id: courseId,
      chapter_id: chapterId,
      visited: true,
      completed: true,
      completed_at: '2026-11-20 10:00:00.000Z',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('completion certificate and refunds of the course', () => {
  it('made once at the last chapter; refund ends access but keeps progress; buying again resumes', async () => {
    const course = (await listAll(pb, 'courses', q('slug = "whispering-game"')))[0];
    const chapters = await listAll(pb, 'course_modules', q(`course_id = "${course.id}"`));
    expect(chapters).toHaveLength(11);
    const learner = await createUser(pb, { email: 'learner@example.com', name: 'Maja Lindqvist' });
    const other = await createUser(pb, { email: 'other@example.com' });
    const sessionId = await buyCourse(learner.token);

    const mine = () => listAll(pb, 'certificates', q(`user_id = "${learner.id}"`));
    for (const ch of chapters.slice(0, 10)) await complete(learner.id, course.id, ch.id);
    expect(await mine()).toHaveLength(0);
    await complete(learner.id, course.id, chapters[10].id);
    const [cert] = await mine();
    expect(cert).toMatchObject({ kind: 'course', status: 'valid', holder_name: 'Maja Lindqvist', title: course.title });
    expect(cert.issued_at.slice(0, 10)).toBe('2026-11-20');
    // another completion write (a replay from a second device) makes no second certificate
    await complete(learner.id, course.id, chapters[10].id).catch(() => {});
    const again = await api(
      pb,
      'PATCH',
      `/api/collections/chapter_progress/records/${(await listAll(pb, 'chapter_progress', q(`user_id = "${learner.id}"`)))[0].id}`,
      pb.superuser.token,
      { position_seconds: 3 },
    );
    expect(again.status).toBe(200);
    expect(await mine()).toHaveLength(1);

    // the learner reads it (and its PDF with a file token); nobody else does
    const own = await api(pb, 'GET', '/api/collections/certificates/records', learner.token);
    expect(own.body.items.map((c: { id: string }) => c.id)).toEqual([cert.id]);
    expect((await api(pb, 'GET', '/api/collections/certificates/records', other.token)).body.items).toHaveLength(0);
    expect((await api(pb, 'GET', '/api/collections/certificates/records', '')).body.items).toHaveLength(0);
    const fileToken = (await api(pb, 'POST', '/api/files/token', learner.token)).body.token;
    const pdf = await fetch(`${pb.url}/api/files/certificates/${cert.id}/${cert.file}?token=${fileToken}`);
    expect(pdf.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const s of ['Certificate of Completion', 'Maja Lindqvist', course.title, 'Completed on 2026-11-20'])
      expect(text).toContain(s);
    const otherToken = (await api(pb, 'POST', '/api/files/token', other.token)).body.token;
    expect((await fetch(`${pb.url}/api/files/certificates/${cert.id}/${cert.file}?token=${otherToken}`)).status).toBe(
      404,
    );
    // verifiable by anyone, without the learner's name
    const page = await (await fetch(`${pb.url}/verify/${cert.code}`)).text();
    expect(page).toContain('data-status="valid"');
    expect(page).toContain(course.title);
    expect(page).not.toContain('Maja');

    // refunded (the 30-day guarantee): access ends, progress stays, the certificate is void
    await stripe.refund(sessionId);
    expect(await listAll(pb, 'course_enrollments', q(`user_id = "${learner.id}"`))).toHaveLength(0);
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', learner.token)).body.items).toHaveLength(0);
    expect(await listAll(pb, 'chapter_progress', q(`user_id = "${learner.id}" && completed = true`))).toHaveLength(11);
    expect((await mine())[0].status).toBe('void');
    expect(await (await fetch(`${pb.url}/verify/${cert.code}`)).text()).toContain('data-status="void"');
    const order = (await listAll(pb, 'orders', q(`stripe_session_id = "${sessionId}"`)))[0];
    expect(order.status).toBe('refunded');
    // learner and artist are mailed once each; the learner reads that access ends and progress stays
    const refundMails = (await mailsTo(mail, 'learner@example.com', 3, 1500)).filter(
      (m) => m.subject === 'Your refund',
    );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0].html).toContain('Your access to the course has ended');
    expect(refundMails[0].html).toContain('you continue where you stopped');
    const artistMails = (await mailsTo(mail, 'artist@atelier.test', 50, 500)).filter((m) =>
      m.subject.startsWith(`Refunded: order ${order.id.slice(0, 8)}`),
    );
    expect(artistMails).toHaveLength(1);

    // buying again: enrolled, the progress is there, and a new certificate
    await buyCourse(learner.token);
    expect(await listAll(pb, 'course_enrollments', q(`user_id = "${learner.id}"`))).toHaveLength(1);
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', learner.token)).body.items).toHaveLength(
      11,
    );
    const progress = await api(
      pb,
      'GET',
      `/api/collections/chapter_progress/records?perPage=50${q('completed = true')}`,
      learner.token,
    );
    expect(progress.body.items).toHaveLength(11);
    const certs = await mine();
    expect(certs.map((c) => c.status).sort()).toEqual(['valid', 'void']);
    expect(certs.find((c) => c.status === 'valid')?.code).not.toBe(cert.code);
  });

  it('a dispute the learner wins at their bank ends the enrolment (progress stays); one the artist wins keeps it', async () => {
    const course = (await listAll(pb, 'courses', q('slug = "whispering-game"')))[0];
    const enrolled = (id: string) => listAll(pb, 'course_enrollments', q(`user_id = "${id}"`));
    const lost = await createUser(pb, { email: 'disputer@example.com' });
    const won = await createUser(pb, { email: 'kept@example.com' });
    const lostSession = await buyCourse(lost.token);
    const wonSession = await buyCourse(won.token);
    const [first] = await listAll(pb, 'course_modules', q(`course_id = "${course.id}"`));
    await complete(lost.id, course.id, first.id);

    const a = await stripe.dispute(lostSession);
    expect((await stripe.closeDispute(a.dispute, 'lost')).event?.status).toBe(200);
    const b = await stripe.dispute(wonSession);
    expect((await stripe.closeDispute(b.dispute, 'won')).event?.status).toBe(200);

    expect(await enrolled(lost.id)).toHaveLength(0);
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', lost.token)).body.items).toHaveLength(0);
    expect(await listAll(pb, 'chapter_progress', q(`user_id = "${lost.id}"`))).toHaveLength(1);
    const lostOrder = (await listAll(pb, 'orders', q(`stripe_session_id = "${lostSession}"`)))[0];
    expect(lostOrder).toMatchObject({ status: 'refunded', dispute_status: 'lost' });
    const artist = (await mailsTo(mail, 'artist@atelier.test', 50, 1500)).filter(
      (m) => m.subject === `Dispute lost: order ${lostOrder.id.slice(0, 8)}`,
    );
    expect(artist).toHaveLength(1);
    expect(artist[0].html).toContain('enrolment has ended');
    // the learner is told what the bank's decision changed: access ended, progress kept (no refund mail)
    const learnerMails = await mailsTo(mail, 'disputer@example.com', 50, 1500);
    const told = learnerMails.filter((m) => m.subject === `Order ${lostOrder.id.slice(0, 8)}: your bank's decision`);
    expect(told).toHaveLength(1);
    expect(told[0].html).toContain('access to the course has therefore ended');
    expect(told[0].html).toContain('Your progress is kept');
    expect(learnerMails.filter((m) => /refund/i.test(m.subject))).toHaveLength(0);
    // their order page (the mail's link) names the reversal in the same words, not a plain refund
    const token = /\/order\/([a-z0-9]{15}-[0-9a-f]{32})"/.exec(told[0].html)?.[1];
    const view = await (await fetch(`${pb.url}/api/atelier/order/${token}`)).json();
    expect(view).toMatchObject({ kind: 'course', status: 'refunded' });
    expect(view.bank_reversal).toEqual({
      full: true,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lines: [
        expect.stringMatching(/^Your bank decided the dispute about this order in your favour: it returned /),
        expect.stringContaining('Your access to the course has therefore ended'),
      ],
    });
    expect(view.bank_reversal.lines[1]).toContain('Your progress is kept');

    expect(await enrolled(won.id)).toHaveLength(1);
    expect((await api(pb, 'GET', '/api/collections/course_modules/records', won.token)).body.items).toHaveLength(11);
    const wonOrder = (await listAll(pb, 'orders', q(`stripe_session_id = "${wonSession}"`)))[0];
    expect(wonOrder).toMatchObject({ status: 'paid', dispute_status: 'won' });
  });
});
