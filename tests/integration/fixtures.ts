// Records for the API-rule tests, created as superuser on an empty database: for each
// collection a visible and (where rules filter) an invisible record, plus valid bodies
// for fresh records.
import { createUser, type TestPocketBase } from '../support/pocketbase';
import { createAsSuperuser, type Loose, tinyMp4, tinyPdf, unique } from './helpers';

export type Role = 'anon' | 'learner' | 'enrolled' | 'admin' | 'superuser';
export const ROLES: Role[] = ['anon', 'learner', 'enrolled', 'admin', 'superuser'];

export interface World {
  tokens: Record<Role, string | null>;
  users: { learner: string; enrolled: string; admin: string; bystander: string };
  /** fixture key → record id */
  ids: Record<string, string>;
  /** fixture key → the full record as created */
  records: Record<string, Loose>;
}

let taskNo = 40;
const nextTask = () => `TASK_${++taskNo}`;

/** Valid bodies for a new record of each collection (unique where needed). */
export const bodies = {
  site_settings: () => ({ key: unique('k'), artist_name: 'Test Artist' }),
  artworks: () => ({ slug: unique('art'), title: 'Artwork', year: 2024, sort_order: 1 }),
  news_posts: (published = true) => ({
    slug: unique('news'),
    title: 'News',
    is_published: published,
    published_at: '2026-01-01 09:00:00.000Z',
  }),
  pages: (published = true) => ({ slug: unique('page'), title: 'Page', is_published: published }),
  exhibitions: () => ({ slug: unique('exh'), title: 'Show' }),
  prints: (active = true) => ({
    slug: unique('print'),
    title: 'Print',
    currency: 'eur',
    price_cents: 10000,
    edition_size: 10,
    available: 10,
    is_active: active,
  }),
  drops: (w: World) => ({
    slug: unique('drop'),
    title: 'Drop',
    release_at: '2025-12-01 09:00:00.000Z',
    print_id: w.ids.printActive,
  }),
  exchange_rates: (currency: 'SEK' | 'USD') => ({ base: 'EUR', currency, rate: 11.2 }),
  orders: (userId = '') => ({
    user_id: userId,
    email: `${unique('buyer')}@atelier.test`,
    kind: 'print',
    currency: 'eur',
    amount_total: 10000,
    status: 'pending',
  }),
  stock_holds: (w: World) => ({ print_id: w.ids.printActive, order_id: w.ids.orderGuest, quantity: 1, status: 'open' }),
  stripe_events: () => ({ event_id: unique('evt'), type: 'checkout.session.completed' }),
  print_stock: () => ({ available: 1, edition_size: 1 }),
  /** A completion certificate of a learner, or (no user) a print copy's of the guest order. */
  certificates: (w: World, userId = '') => ({
    code: Array.from({ length: 12 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 32)]).join(''),
    status: 'valid',
    issued_at: '2026-11-20 10:00:00.000Z',
    title: 'Certified',
    ...(userId
      ? { kind: 'course', user_id: userId, course_id: w.ids.coursePublished, holder_name: 'A Learner' }
      : {
          kind: 'print',
          order_id: w.ids.orderGuest,
          print_id: w.ids.printActive,
          edition_number: 1 + Math.floor(Math.random() * 1e6),
          edition_size: 1e6 + 1,
        }),
  }),
  courses: (published = true) => ({
    slug: unique('course'),
    title: 'Course',
    price_cents: 13900,
    currency: 'usd',
    is_published: published,
  }),
  course_modules: (courseId: string, sort = 1) => ({
    course_id: courseId,
    title: `Chapter ${sort}`,
    sort_order: sort,
    content: 'Chapter text for enrolled learners.',
  }),
  course_tasks: (courseId: string, chapterId: string) => ({
    course_id: courseId,
    chapter_id: chapterId,
    task_identifier: nextTask(),
    title: 'Task',
  }),
  course_lessons: (courseId: string, moduleId: string) => ({
    course_id: courseId,
    module_id: moduleId,
    title: 'Introduction',
    kind: 'intro',
  }),
  course_enrollments: (userId: string, courseId: string) => ({
    user_id: userId,
    course_id: courseId,
    enrolled_at: '2026-01-01 10:00:00.000Z',
    source: 'manual',
  }),
  chapter_progress: (userId: string, courseId: string, chapterId: string) => ({
    user_id: userId,
    course_id: courseId,
    chapter_id: chapterId,
    visited: true,
    position_seconds: 12,
  }),
  user_task_progress: (userId: string, courseId: string, chapterId: string, task = 'TASK_01') => ({
    user_id: userId,
    course_id: courseId,
    chapter_id: chapterId,
    task_identifier: task,
    task_title: 'Task',
    completed: true,
    completed_at: '2026-01-02 10:00:00.000Z',
  }),
  lesson_progress: (userId: string, lessonId: string) => ({ user_id: userId, lesson_id: lessonId, completed: true }),
  newsletter_subscribers: () => ({
    email: `${unique('sub')}@atelier.test`,
    status: 'pending',
    consent_source: 'footer',
  }),
  contact_messages: () => ({
    kind: 'contact',
    name: 'Visitor',
    email: 'visitor@atelier.test',
    message: 'Hello',
    client_id: unique('c'),
  }),
  mail_log: () => ({ to: 'visitor@atelier.test', subject: 'Hello', status: 'sent' }),
  analytics_consents: () => ({ choice: 'accepted', text_version: 'analytics-v1', visitor: unique('v') }),
  /** A compendium (multipart: its PDF is required). */
  course_compendium: (courseId: string) => {
    const form = new FormData();
    form.append('course_id', courseId);
    form.append('file', tinyPdf(), 'compendium.pdf');
    return form;
  },
  users: () => {
    const password = 'x-unused-password-1234';
    return { email: `${unique('user')}@atelier.test`, password, passwordConfirm: password };
  },
};

export async function buildWorld(pb: TestPocketBase): Promise<World> {
  const [learner, enrolled, admin, bystander] = await Promise.all([
    createUser(pb, { email: 'learner@atelier.test', role: 'learner' }),
    createUser(pb, { email: 'enrolled@atelier.test', role: 'learner' }),
    createUser(pb, { email: 'admin@atelier.test', role: 'admin' }),
    createUser(pb, { email: 'bystander@atelier.test', role: 'learner' }),
  ]);
  const w: World = {
    tokens: {
      anon: null,
      learner: learner.token,
      enrolled: enrolled.token,
      admin: admin.token,
      superuser: pb.superuser.token,
    },
    users: { learner: learner.id, enrolled: enrolled.id, admin: admin.id, bystander: bystander.id },
    ids: { learner: learner.id, enrolled: enrolled.id, admin: admin.id, bystander: bystander.id },
    records: {},
  };
  const add = async (key: string, collection: string, data: Record<string, unknown> | FormData) => {
    const rec = await createAsSuperuser(pb, collection, data);
    w.ids[key] = rec.id;
    w.records[key] = rec;
    return rec;
  };

  await add('settings', 'site_settings', bodies.site_settings());
  await add('artwork', 'artworks', bodies.artworks());
  await add('newsPublished', 'news_posts', bodies.news_posts(true));
  await add('newsDraft', 'news_posts', bodies.news_posts(false));
  await add('pagePublished', 'pages', bodies.pages(true));
  await add('pageDraft', 'pages', bodies.pages(false));
  await add('exhibition', 'exhibitions', bodies.exhibitions());
  await add('printActive', 'prints', bodies.prints(true));
  await add('printInactive', 'prints', bodies.prints(false));
  await add('drop', 'drops', bodies.drops(w));
  await add('rateSek', 'exchange_rates', bodies.exchange_rates('SEK'));
  await add('orderLearner', 'orders', { ...bodies.orders(w.users.learner), kind: 'course', currency: 'usd' });
  await add('orderGuest', 'orders', bodies.orders());
  await add('hold', 'stock_holds', bodies.stock_holds(w));
  await add('stripeEvent', 'stripe_events', bodies.stripe_events());

  await add('coursePublished', 'courses', bodies.courses(true));
  await add('courseDraft', 'courses', bodies.courses(false));
  const P = w.ids.coursePublished;
  const U = w.ids.courseDraft;
  const withVideo = new FormData();
  for (const [k, v] of Object.entries(bodies.course_modules(P, 1))) withVideo.append(k, String(v));
  withVideo.append('video', tinyMp4(), 'chapter-1.mp4');
  await add('chapter1', 'course_modules', withVideo);
  await add('chapter2', 'course_modules', bodies.course_modules(P, 2));
  await add('draftChapter', 'course_modules', bodies.course_modules(U, 1));
  await add('task', 'course_tasks', { ...bodies.course_tasks(P, w.ids.chapter1), task_identifier: 'TASK_01' });
  await add('draftTask', 'course_tasks', bodies.course_tasks(U, w.ids.draftChapter));
  await add('lesson', 'course_lessons', bodies.course_lessons(P, w.ids.chapter1));
  await add('draftLesson', 'course_lessons', bodies.course_lessons(U, w.ids.draftChapter));
  await add('enrollment', 'course_enrollments', bodies.course_enrollments(w.users.enrolled, P));
  await add('adminEnrollment', 'course_enrollments', bodies.course_enrollments(w.users.admin, U));
  await add('compendium', 'course_compendium', bodies.course_compendium(P));
  await add('certCourse', 'certificates', bodies.certificates(w, w.users.enrolled));
  await add('certPrint', 'certificates', bodies.certificates(w));
  await add('chapterProgress', 'chapter_progress', bodies.chapter_progress(w.users.enrolled, P, w.ids.chapter1));
  await add('taskProgress', 'user_task_progress', bodies.user_task_progress(w.users.enrolled, P, w.ids.chapter1));
  await add('lessonProgress', 'lesson_progress', bodies.lesson_progress(w.users.enrolled, w.ids.lesson));

  await add('subscriber', 'newsletter_subscribers', bodies.newsletter_subscribers());
  await add('message', 'contact_messages', bodies.contact_messages());
  await add('mail', 'mail_log', bodies.mail_log());
  await add('consent', 'analytics_consents', bodies.analytics_consents());
  return w;
}
