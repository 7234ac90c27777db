// Values the PWA and the hooks must agree on that the schema does not hold. This is the
// only place they are written: `npm run gen:types` copies them, together with the
// collection names and select values read from the migrations, into
// src/lib/contract/contract.gen.ts (imported by the PWA) and pb_hooks/lib/contract.gen.js
// (required by the hooks). Plain data and regular expressions only.

/** A simple address check, the same in the browser and on the server: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The browser's idempotency key for a form (a UUID fits); the server refuses anything else. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Subjects the contact form offers; the first is the default. */
export const CONTACT_SUBJECTS = ['General Inquiry', 'Press Inquiry', 'Gallery Representation'];

/** Every artwork inquiry's subject is this prefix followed by the artwork's title. */
export const INQUIRY_SUBJECT_PREFIX = 'Artwork Inquiry: ';

/**
 * Version of the consent text each newsletter form shows, keyed by the form's source
 * (newsletter_subscribers.consent_source). Bump a form's version whenever its wording
 * changes, so every stored consent points at the text it was given on.
 */
export const CONSENT_TEXT_VERSIONS = {
  footer: 'footer-v1',
  home: 'home-v1',
  'viewing-room': 'viewing-room-v1',
  'print-drop': 'print-drop-v1',
  exhibition: 'exhibition-v1',
};

/** Stored when a sign-up names no consent text version (API clients other than the PWA). */
export const DEFAULT_CONSENT_VERSION = 'newsletter-v1';

/** What a consent text version may look like. */
export const CONSENT_VERSION_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;

/** The description of pages that have none of their own (served HTML and the app's head). */
export const DEFAULT_DESCRIPTION =
  'Stockholm-based contemporary artist creating narrative, theatrical paintings using crafted props and materials.';

/** The course with the public landing page at /<slug>. */
export const COURSE_SLUG = 'whispering-game';

/**
 * Longest accepted value (characters) of each form field: checked by the form routes, and
 * the maxLength of the forms' fields.
 */
export const FORM_LIMITS = {
  name: 200,
  // a first or a last name (the viewing-room and inquiry forms ask for them apart)
  namePart: 100,
  // an inquiry's comments: the contact and artwork details around them must fit in `message`
  comments: 3000,
  email: 254,
  phone: 60,
  subject: 300,
  message: 5000,
  consentVersion: 40,
  slug: 120,
};

/** Widths (px) of the thumbs every image field declares; srcset and preload hints offer them all. */
export const IMAGE_THUMB_WIDTHS = [400, 600, 800, 1200, 1600];

/**
 * New contact messages and inquiries one address may send in a sliding window; replays of a
 * clientId do not count. The next one is answered 429 and waits in the sender's outbox.
 */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 10 };

/**
 * Version of the analytics consent banner's text, stored with every answer. Bump it when
 * the wording changes: a visitor who answered an older text is asked again.
 */
export const ANALYTICS_CONSENT_VERSION = 'analytics-v1';

/**
 * Resumable chapter-video uploads (tus 1.0.0 at `path`). The PWA sends `chunkBytes` per
 * request, so each request stays far inside PocketBase's 5-minute read timeout on a slow
 * line; the server refuses requests over `maxChunkBytes`. The file's checksum is the
 * SHA-256 of the concatenated lowercase hex SHA-256 digests of its `digestBlockBytes`
 * blocks (the last one may be shorter): both sides can compute it a block at a time.
 * One admin keeps at most `maxOpenPerAdmin` unfinished uploads holding at most
 * `maxOpenBytesPerAdmin` bytes (declared lengths) at once.
 */
export const VIDEO_UPLOAD = {
  path: '/api/video-uploads',
  chunkBytes: 8 * 1024 * 1024,
  maxChunkBytes: 16 * 1024 * 1024,
  digestBlockBytes: 8 * 1024 * 1024,
  // what one admin may keep unfinished at once (receiving or being checked): the disk they
  // hold until they finish, are discarded, or the daily sweep removes them
  maxOpenPerAdmin: 3,
  maxOpenBytesPerAdmin: 12 * 1000 ** 3,
};

/**
 * What one print order may hold: `lines` different prints and `copiesPerPrint` copies of each
 * (the editions are limited). The cart keeps to them and says so; create-payment refuses more.
 */
export const ORDER_LIMITS = { lines: 20, copiesPerPrint: 2 };

/**
 * Exchange rates per 1 EUR used until fetched ones are known: on a fresh site before the first
 * fetch, and in a browser that has none stored.
 */
export const FALLBACK_RATES = { sek: 11.5, usd: 1.1 };

/**
 * The collections with image fields (file fields with thumbs): each image gets WebP copies
 * (pb_hooks/lib/pages/image-variants.js). `npm run gen:types` refuses a list that differs from
 * the schema.
 */
export const IMAGE_COLLECTIONS = ['site_settings', 'artworks', 'news_posts', 'exhibitions', 'prints', 'courses'];

/** The site's (the artist's) name until the artist sets one in the site settings. */
export const FALLBACK_SITE_NAME = 'Atelier';

/**
 * Visitor forms sent by the browser itself (before the app runs, or without JavaScript): the
 * form posts application/x-www-form-urlencoded to the same route the app sends JSON to, and
 * the route answers 303 to `${path}/{form}?outcome=…` (the result page, server-rendered), whose
 * `errors` carry at most `maxErrors` field names with error codes (never a value typed). The
 * forms are the newsletter sources and the contact kinds (see lib/http/form-post.js).
 */
export const FORM_RESULT = { path: '/result', maxErrors: 8 };

/**
 * The currency a visitor sees before choosing one, from the first language the browser
 * prefers (navigator.languages[0] in the app, the first Accept-Language tag on the server):
 * `usd` for US English or any -US region, `sek` for Swedish or any -SE region, else EUR.
 */
export const CURRENCY_LANGUAGES = { usd: /-us$/i, sek: /^sv(?:-|$)|-se$/i };

/**
 * The cookie the app keeps the chosen currency in (beside local storage), so the server can
 * render prices in it from the first byte (pb_hooks/lib/pages/ssr.js). Its value is a currency
 * code (orders.currency); anything else is ignored.
 */
export const CURRENCY_COOKIE = 'atelier_currency';
