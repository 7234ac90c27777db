// Migrations on an empty database: every collection of docs/data-model.md with its
// fields, rules, indexes and settings; the boot hook applies env; generated types match.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCollections, generatedFiles } from '../../scripts/gen-types.mjs';
import { IMAGE_THUMB_WIDTHS } from '../../src/lib/contract/contract.gen';
import { startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { api, type Loose } from './helpers';

const ADMIN = '@request.auth.role = "admin"';
const ENROLLED = '(@request.auth.id != "" && course_id.course_enrollments_via_course_id.user_id ?= @request.auth.id)';
const OWN = '@request.auth.id != "" && user_id = @request.auth.id';
const SUPERUSERS_ONLY = { listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null };
const PUBLIC_READ = { listRule: '', viewRule: '', createRule: null, updateRule: null, deleteRule: null };

/** The WebP copies of a collection's images (pb_hooks/lib/pages/image-variants.js). */
const COPIES = ['image_variants', 'image_variant_map'];

const detail = (n: number) =>
  Array.from({ length: n }, (_, i) => [`detail_image_${i + 1}`, `detail_image_${i + 1}_alt`]).flat();

/** docs/data-model.md, as data: fields (besides id/created/updated) and exact rules. */
const EXPECTED: Record<
  string,
  { type?: 'base' | 'auth' | 'view'; fields: string[]; rules: Record<string, string | null> }
> = {
  site_settings: {
    fields: [
      'key',
      'artist_name',
      'tagline',
      'bio',
      'hero_image',
      'hero_image_alt',
      'portrait',
      'portrait_alt',
      'education',
      'exhibitions',
      'email',
      'studio',
      'location',
      'visits_note',
      'instagram_url',
      'youtube_url',
      'artist_site_url',
      ...COPIES,
      'signature',
    ],
    rules: PUBLIC_READ,
  },
  artworks: {
    fields: [
      'slug',
      'title',
      'medium',
      'year',
      'dimensions',
      'description',
      'is_inquirable',
      'is_sold',
      'is_with_tang_gallery',
      'main_image',
      'main_image_alt',
      ...detail(5),
      'sort_order',
      ...COPIES,
      'price_note',
    ],
    rules: PUBLIC_READ,
  },
  news_posts: {
    fields: [
      'slug',
      'title',
      'excerpt',
      'content',
      'cover_image',
      'cover_image_alt',
      'published_at',
      'is_published',
      ...COPIES,
      'exhibition_id',
      'drop_id',
    ],
    rules: { ...SUPERUSERS_ONLY, listRule: 'is_published = true', viewRule: 'is_published = true' },
  },
  pages: {
    fields: ['slug', 'title', 'body', 'is_published'],
    rules: { ...SUPERUSERS_ONLY, listRule: 'is_published = true', viewRule: 'is_published = true' },
  },
  drops: { fields: ['slug', 'title', 'release_at', 'print_id', 'description', 'ends_at'], rules: PUBLIC_READ },
  exhibitions: {
    fields: [
      'slug',
      'title',
      'artists',
      'venue',
      'city',
      'opens_at',
      'closes_at',
      'description',
      'image',
      'image_alt',
      ...COPIES,
    ],
    rules: PUBLIC_READ,
  },
  prints: {
    fields: [
      'slug',
      'title',
      'description',
      'size',
      'currency',
      'price_cents',
      'price_cents_eur',
      'price_cents_usd',
      'edition_size',
      'sold',
      'available',
      'main_image',
      'main_image_alt',
      'cover_image',
      'cover_image_alt',
      ...detail(5),
      'is_active',
      'sort_order',
      ...COPIES,
      'medium',
    ],
    rules: { ...SUPERUSERS_ONLY, listRule: 'is_active = true', viewRule: 'is_active = true' },
  },
  exchange_rates: {
    fields: [
      'base',
      'currency',
      'rate',
      'fetched_at',
      'source',
      'confirmed_rate',
      'confirmed_at',
      'refused_rate',
      'refused_at',
      'refused_reason',
      'large_move_at',
      'alerted_at',
    ],
    rules: PUBLIC_READ,
  },
  print_stock: { fields: ['available', 'edition_size', 'version'], rules: PUBLIC_READ },
  certificates: {
    fields: [
      'code',
      'kind',
      'status',
      'order_id',
      'print_id',
      'edition_number',
      'edition_size',
      'course_id',
      'user_id',
      'holder_name',
      'title',
      'medium',
      'size',
      'issued_at',
      'voided_at',
      'void_reason',
      'file',
    ],
    rules: {
      ...SUPERUSERS_ONLY,
      listRule: '@request.auth.id != "" && kind = "course" && user_id = @request.auth.id',
      viewRule: '@request.auth.id != "" && kind = "course" && user_id = @request.auth.id',
    },
  },
  orders: {
    fields: [
      'user_id',
      'email',
      'kind',
      'items',
      'currency',
      'amount_total',
      'status',
      'stripe_session_id',
      'stripe_payment_intent',
      'shipping',
      'paid_at',
      'fulfilled_at',
      'buyer_email_sent_at',
      'artist_email_sent_at',
      'client_ip',
      'problem',
      'stripe_refund_id',
      'refunded_at',
      'client_network',
      'carrier',
      'tracking_number',
      'tracking_url',
      'shipped_at',
      'delivered_at',
      'shipped_email_sent_at',
      'delivered_email_sent_at',
      'amount_refunded',
      'refund_mailed_amount',
      'disputed_at',
      'dispute',
      'copies_returned',
      'returned_at',
      'access_secret',
      'refund_amount',
      'refund_request_key',
      'dispute_status',
      'dispute_closed_at',
    ],
    rules: { ...SUPERUSERS_ONLY, listRule: OWN, viewRule: OWN },
  },
  stock_holds: {
    fields: ['print_id', 'order_id', 'quantity', 'status', 'expires_at', 'edition_numbers'],
    rules: SUPERUSERS_ONLY,
  },
  stripe_events: { fields: ['event_id', 'type', 'session_id', 'processed_at'], rules: SUPERUSERS_ONLY },
  users: {
    type: 'auth',
    fields: ['email', 'emailVisibility', 'verified', 'password', 'tokenKey', 'name', 'avatar', 'role'],
    // admins included: everyone reads their own account only (superusers read all)
    rules: {
      listRule: '@request.auth.id != "" && id = @request.auth.id',
      viewRule: '@request.auth.id != "" && id = @request.auth.id',
      createRule: '@request.context = "oauth2" && @request.body.role:isset = false',
      updateRule: '@request.auth.id != "" && id = @request.auth.id && @request.body.role:isset = false',
      deleteRule: null,
    },
  },
  courses: {
    fields: [
      'slug',
      'title',
      'description',
      'cover_image',
      'cover_image_alt',
      'instructor_name',
      'instructor_bio',
      'instructor_photo',
      'instructor_photo_alt',
      'price_cents',
      'currency',
      'is_published',
      ...COPIES,
    ],
    rules: {
      ...SUPERUSERS_ONLY,
      listRule: `is_published = true || ${ADMIN}`,
      viewRule: `is_published = true || ${ADMIN}`,
    },
  },
  course_modules: {
    fields: [
      'course_id',
      'title',
      'description',
      'content',
      'video',
      'duration_seconds',
      'sort_order',
      'video_archive',
    ],
    rules: {
      listRule: `${ADMIN} || ${ENROLLED}`,
      viewRule: `${ADMIN} || ${ENROLLED}`,
      createRule: null,
      // admins edit a chapter's video and text; they cannot move it to another course or place
      updateRule:
        `${ADMIN} && (@request.body.course_id:isset = false || @request.body.course_id = course_id)` +
        ' && (@request.body.sort_order:isset = false || @request.body.sort_order = sort_order)',
      deleteRule: null,
    },
  },
  course_compendium: {
    fields: ['course_id', 'file'],
    rules: { ...SUPERUSERS_ONLY, listRule: `${ADMIN} || ${ENROLLED}`, viewRule: `${ADMIN} || ${ENROLLED}` },
  },
  course_outline: {
    type: 'view',
    fields: ['course_id', 'title', 'description', 'sort_order', 'duration_seconds', 'has_video'],
    rules: {
      listRule: `course_id.is_published = true || ${ADMIN}`,
      viewRule: `course_id.is_published = true || ${ADMIN}`,
      createRule: null,
      updateRule: null,
      deleteRule: null,
    },
  },
  course_lessons: {
    fields: ['module_id', 'course_id', 'title', 'kind', 'task_id', 'sort_order'],
    rules: {
      ...SUPERUSERS_ONLY,
      listRule: `course_id.is_published = true || ${ADMIN}`,
      viewRule: `course_id.is_published = true || ${ADMIN}`,
    },
  },
  course_tasks: {
    fields: ['course_id', 'chapter_id', 'task_identifier', 'title', 'sort_order'],
    rules: {
      ...SUPERUSERS_ONLY,
      listRule: `course_id.is_published = true || ${ADMIN}`,
      viewRule: `course_id.is_published = true || ${ADMIN}`,
    },
  },
  course_enrollments: {
    fields: ['user_id', 'course_id', 'enrolled_at', 'order_id', 'source'],
    rules: {
      ...SUPERUSERS_ONLY,
      listRule: '@request.auth.id != "" && user_id = @request.auth.id',
      viewRule: '@request.auth.id != "" && user_id = @request.auth.id',
    },
  },
  chapter_progress: {
    fields: [
      'user_id',
      'course_id',
      'chapter_id',
      'visited',
      'last_visited_at',
      'position_seconds',
      'position_at',
      'completed',
      'completed_at',
      'client_updated_at',
      'device_id',
      'device_at',
    ],
    rules: { listRule: OWN, viewRule: OWN, deleteRule: null },
  },
  user_task_progress: {
    fields: [
      'user_id',
      'course_id',
      'chapter_id',
      'task_identifier',
      'task_title',
      'completed',
      'completed_at',
      'client_updated_at',
      'device_id',
      'device_at',
    ],
    rules: { listRule: OWN, viewRule: OWN, deleteRule: null },
  },
  lesson_progress: {
    fields: ['user_id', 'lesson_id', 'completed', 'completed_at'],
    rules: { ...SUPERUSERS_ONLY, listRule: OWN, viewRule: OWN },
  },
  newsletter_subscribers: {
    fields: [
      'email',
      'name',
      'status',
      'confirm_token',
      'unsubscribe_token',
      'consent_at',
      'consent_ip',
      'consent_source',
      'consent_context',
      'consent_text_version',
      'confirmed_at',
      'unsubscribed_at',
    ],
    rules: SUPERUSERS_ONLY,
  },
  contact_messages: {
    fields: [
      'kind',
      'name',
      'email',
      'phone',
      'subject',
      'message',
      'artwork_id',
      'client_id',
      'ip',
      'mail_status',
      'mail_error',
    ],
    rules: SUPERUSERS_ONLY,
  },
  mail_log: { fields: ['to', 'subject', 'kind', 'status', 'error', 'ref'], rules: SUPERUSERS_ONLY },
  analytics_consents: { fields: ['choice', 'text_version', 'visitor'], rules: SUPERUSERS_ONLY },
};

let pb: TestPocketBase;
let collections: Loose[];
const byName = (name: string) => collections.find((c) => c.name === name);

beforeAll(async () => {
  pb = await startPocketBase({
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '2525',
      SMTP_TLS: 'false',
      MAIL_FROM: 'Elin Vinter Studio <studio@atelier.test>',
    },
  });
  collections = (await fetchCollections(pb.url, pb.superuser.token)) as Loose[];
});
afterAll(() => pb?.stop());

describe('migrations on an empty database', () => {
  it('create exactly the collections of docs/data-model.md (and the system ones)', () => {
    const ours = collections
      .filter((c) => !c.system || c.name === 'users')
      .map((c) => c.name)
      .sort();
    expect(ours).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s has the documented fields, type and rules', (name, want) => {
    const c = byName(name);
    expect(c.type).toBe(want.type ?? 'base');
    const fields = c.fields.map((f: Loose) => f.name);
    expect(fields).toEqual(expect.arrayContaining(['id', ...want.fields]));
    if (want.type !== 'view') expect(fields).toEqual(expect.arrayContaining(['created', 'updated']));
    const extra = fields.filter((f: string) => !['id', 'created', 'updated', ...want.fields].includes(f));
    expect(extra).toEqual([]);
    for (const [rule, value] of Object.entries(want.rules)) expect(c[rule], `${name}.${rule}`).toBe(value);
  });

  it("hides the viewing room's fields of artworks from the records API (the room's route serves them)", () => {
    const hidden = byName('artworks')
      .fields.filter((f: Loose) => f.hidden)
      .map((f: Loose) => f.name)
      .sort();
    expect(hidden).toEqual(['description', 'is_inquirable', 'price_note', ...detail(5)].sort());
  });

  it('gives every field the artist edits a help text', () => {
    const missing: string[] = [];
    for (const c of collections) {
      if (c.system || c.type === 'view') continue;
      for (const f of c.fields) {
        if (f.system || f.type === 'autodate' || f.name === 'id') continue;
        if (!f.help) missing.push(`${c.name}.${f.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('makes every image a file field with thumbs and image types, and the chapter video and compendium protected', () => {
    const notImages = [
      'course_modules.video',
      'course_modules.video_archive',
      'course_compendium.file',
      'certificates.file',
      'site_settings.signature',
    ];
    for (const c of collections) {
      for (const f of c.fields) {
        if (f.name === 'image_variants') {
          // the server's WebP copies of the images: no thumbs of their own
          expect(f, `${c.name}.${f.name}`).toMatchObject({ thumbs: [], mimeTypes: ['image/webp'], protected: false });
          continue;
        }
        if (f.type !== 'file' || c.name === 'users' || notImages.includes(`${c.name}.${f.name}`)) continue;
        expect(f.thumbs, `${c.name}.${f.name}`).toEqual(IMAGE_THUMB_WIDTHS.map((w) => `${w}x0`));
        expect(f.mimeTypes, `${c.name}.${f.name}`).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
        expect(
          c.fields.some((g: Loose) => g.name === `${f.name}_alt`),
          `${c.name}.${f.name}_alt`,
        ).toBe(true);
      }
    }
    const video = byName('course_modules').fields.find((f: Loose) => f.name === 'video');
    expect(video.protected).toBe(true);
    expect(video.maxSize).toBeGreaterThanOrEqual(2 * 1024 ** 3);
    expect(video.mimeTypes.every((m: string) => m.startsWith('video/'))).toBe(true);
    const pdf = byName('course_compendium').fields.find((f: Loose) => f.name === 'file');
    expect(pdf).toMatchObject({ protected: true, required: true, mimeTypes: ['application/pdf'] });
    // earlier videos: server-filled, never sent to the browser, as protected as the video
    const archive = byName('course_modules').fields.find((f: Loose) => f.name === 'video_archive');
    expect(archive).toMatchObject({ type: 'file', protected: true, hidden: true });
    // a buyer reads their own orders, but not the address and network the per-visitor cap keeps
    for (const name of ['client_ip', 'client_network'])
      expect(byName('orders').fields.find((f: Loose) => f.name === name)).toMatchObject({ type: 'text', hidden: true });
    // a buyer reads their own orders, but not the address the per-visitor cap keeps
    expect(byName('orders').fields.find((f: Loose) => f.name === 'client_ip')).toMatchObject({
      type: 'text',
      hidden: true,
    });
    // certificates: PDFs only their learner (course) or the order's link (print) reach
    expect(byName('certificates').fields.find((f: Loose) => f.name === 'file')).toMatchObject({
      protected: true,
      mimeTypes: ['application/pdf'],
    });
    // the order link's secret never reaches the browser
    expect(byName('orders').fields.find((f: Loose) => f.name === 'access_secret')).toMatchObject({ hidden: true });
    expect(byName('orders').fields.find((f: Loose) => f.name === 'refund_request_key')).toMatchObject({ hidden: true });
    expect(byName('orders').fields.find((f: Loose) => f.name === 'status').values).toEqual([
      'pending',
      'paid',
      'shipped',
      'delivered',
      'refund_requested',
      'expired',
      'failed',
      'canceled',
      'needs_refund',
      'refunded',
      'amount_mismatch',
    ]);
  });

  it('indexes the per-visitor caps look up', () => {
    const indexes = byName('orders').indexes.join('\n');
    expect(indexes).toContain('ON `orders` (`client_network`, `status`)');
    expect(indexes).toContain('ON `orders` (`client_ip`, `status`)');
    expect(indexes).toContain('ON `orders` (`email`, `status`)');
  });

  it('has the unique indexes the data needs', () => {
    const uniques = collections.flatMap((c) =>
      c.indexes.filter((i: string) => i.startsWith('CREATE UNIQUE')).map((i: string) => `${c.name}: ${i}`),
    );
    const expectUnique = (collection: string, columns: string) =>
      expect(
        uniques.some((u) => u.startsWith(`${collection}:`) && u.includes(`(${columns})`)),
        `${collection} (${columns})`,
      ).toBe(true);
    for (const c of ['artworks', 'news_posts', 'pages', 'drops', 'exhibitions', 'prints', 'courses'])
      expectUnique(c, '`slug`');
    expectUnique('site_settings', '`key`');
    expectUnique('course_enrollments', '`user_id`, `course_id`');
    expectUnique('chapter_progress', '`user_id`, `chapter_id`');
    expectUnique('user_task_progress', '`user_id`, `chapter_id`, `task_identifier`');
    expectUnique('lesson_progress', '`user_id`, `lesson_id`');
    expectUnique('course_tasks', '`chapter_id`, `task_identifier`');
    expectUnique('orders', '`stripe_session_id`');
    expectUnique('stripe_events', '`event_id`');
    expectUnique('newsletter_subscribers', '`email` COLLATE NOCASE');
    expectUnique('contact_messages', '`client_id`');
    expectUnique('exchange_rates', '`currency`');
    expectUnique('certificates', '`code`');
    expectUnique('certificates', '`order_id`, `print_id`, `edition_number`');
    expectUnique('certificates', '`user_id`, `course_id`');
  });

  it('turns password sign-in off for users (Google only)', async () => {
    expect(byName('users').passwordAuth.enabled).toBe(false);
    // long enough to stream a chapter video with one file token
    expect(byName('users').fileToken.duration).toBe(10800);
    const res = await api(pb, 'POST', '/api/collections/users/auth-with-password', null, {
      identity: 'a@b.c',
      password: 'whatever-123',
    });
    expect(res.status).toBe(403);
  });

  it('keep a learner signed in for 30 days between visits (the app refreshes the token whenever it is online)', () => {
    expect(byName('users').authToken.duration).toBe(30 * 24 * 3600);
  });

  it('exposes the course outline view with the public chapter fields only', () => {
    const view = byName('course_outline');
    const types = Object.fromEntries(view.fields.map((f: Loose) => [f.name, f.type]));
    expect(types).toMatchObject({ course_id: 'relation', has_video: 'bool', sort_order: 'number' });
    expect(Object.keys(types)).not.toContain('video');
    expect(Object.keys(types)).not.toContain('content');
  });
});

describe('settings', () => {
  it('enable batch and rate limits, trust no proxy header without TRUSTED_PROXY, and name the app', async () => {
    const { status, body: s } = await api(pb, 'GET', '/api/settings', pb.superuser.token);
    expect(status).toBe(200);
    expect(s.meta.appName).toBe('Atelier');
    expect(s.batch).toMatchObject({ enabled: true, maxRequests: 200 });
    expect(s.trustedProxy).toEqual({ headers: [], useLeftmostIP: false });
    expect(s.rateLimits.enabled).toBe(true);
    // the progress collections have their own roomier rules (outbox batches; 1795270000 migration)
    // each form and sign-in route has its own per-address limit (1795300000 migration)
    expect(s.rateLimits.rules.map((r: Loose) => r.label)).toEqual([
      'GET /verify/',
      'GET /api/atelier/order/',
      'POST /api/atelier/demo-sign-in',
      'POST /api/atelier/viewing-room/unlock',
      'POST /api/atelier/subscribe-newsletter',
      'POST /api/atelier/send-contact',
      'POST /api/atelier/verify-payment',
      'POST /api/atelier/cancel-payment',
      'POST /api/atelier/analytics-consent',
      'user_task_progress:update',
      'user_task_progress:create',
      'chapter_progress:update',
      'chapter_progress:create',
      '*:auth',
      '*:create',
      'POST /api/atelier/',
      '/api/batch',
      '/api/',
    ]);
  });

  it('take the site URL, SMTP server and sender from env at boot', async () => {
    const { body: s } = await api(pb, 'GET', '/api/settings', pb.superuser.token);
    expect(s.meta.appURL).toBe(pb.url);
    expect(s.meta.senderAddress).toBe('studio@atelier.test');
    expect(s.meta.senderName).toBe('Elin Vinter Studio');
    expect(s.smtp).toMatchObject({ enabled: true, host: '127.0.0.1', port: 2525, tls: false });
  });
});

describe('users', () => {
  it('are learners unless a role is given', async () => {
    const password = 'x-unused-password-1234';
    const res = await api(pb, 'POST', '/api/collections/users/records', pb.superuser.token, {
      email: 'norole@atelier.test',
      password,
      passwordConfirm: password,
    });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('learner');
  });
});

describe('generated files', () => {
  // record types and the contract (src/lib/contract, pb_hooks/lib/contract.gen.js)
  it('match the schema and contract/shared.mjs (run `npm run gen:types` after changing either)', () => {
    for (const file of generatedFiles(collections)) expect(readFileSync(file.path, 'utf8'), file.path).toBe(file.text);
  });
});
