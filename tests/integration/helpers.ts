// Small helpers shared by the integration tests (real PocketBase from tests/support).
import { createUser, type TestPocketBase } from '../support/pocketbase';

/** API JSON as the tests read it (records, errors, settings). */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary API JSON
export type Loose = any;

export interface ApiResult<T = Loose> {
  status: number;
  body: T;
}

/** Calls the API with an optional auth token (null = anonymous). */
export async function api<T = Loose>(
  pb: TestPocketBase,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${pb.url}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let parsed: Loose = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, body: parsed };
}

/** Creates a record as superuser and returns it (throws on failure). */
export async function createAsSuperuser(
  pb: TestPocketBase,
  collection: string,
  data: Record<string, unknown> | FormData,
): Promise<Loose> {
  const res = await api(pb, 'POST', `/api/collections/${collection}/records`, pb.superuser.token, data);
  if (res.status !== 200) throw new Error(`create ${collection} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A record as the superuser reads it (every field); throws when it cannot be read. */
export async function getRecord(pb: TestPocketBase, collection: string, id: string): Promise<Loose> {
  const res = await api(pb, 'GET', `/api/collections/${collection}/records/${id}`, pb.superuser.token);
  if (res.status !== 200) throw new Error(`get ${collection}/${id} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A published course and a user of each role that matters to it, each with a session. */
export async function courseWithRoles(pb: TestPocketBase) {
  const course = await createAsSuperuser(pb, 'courses', {
    slug: unique('course'),
    title: 'Course',
    price_cents: 13900,
    currency: 'usd',
    is_published: true,
  });
  const [admin, learner, enrolled] = await Promise.all([
    createUser(pb, { email: 'admin@atelier.test', role: 'admin' }),
    createUser(pb, { email: 'learner@atelier.test', role: 'learner' }),
    createUser(pb, { email: 'enrolled@atelier.test', role: 'learner' }),
  ]);
  await createAsSuperuser(pb, 'course_enrollments', {
    user_id: enrolled.id,
    course_id: course.id,
    enrolled_at: '2026-01-01 10:00:00.000Z',
    source: 'manual',
  });
  return { courseId: course.id as string, admin, learner, enrolled };
}

/** Lists every record of a collection as superuser. */
export async function listAll(pb: TestPocketBase, collection: string, query = ''): Promise<Loose[]> {
  const res = await api(pb, 'GET', `/api/collections/${collection}/records?perPage=500${query}`, pb.superuser.token);
  if (res.status !== 200) throw new Error(`list ${collection} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.items;
}

/**
 * The smallest file a MIME sniffer reads as video/mp4: an `ftyp` box (brand mp42)
 * followed by an empty `free` box.
 */
export function tinyMp4(): Blob {
  return new Blob([tinyMp4Bytes() as BlobPart], { type: 'video/mp4' });
}

/** The bytes of tinyMp4(). */
export function tinyMp4Bytes(): Uint8Array {
  return new Uint8Array([
    0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00, 0x6d, 0x70, 0x34,
    0x32, 0x69, 0x73, 0x6f, 0x6d, 0x00, 0x00, 0x00, 0x08, 0x66, 0x72, 0x65, 0x65,
  ]);
}

/** A minimal valid PDF (one empty page), enough for PocketBase's MIME check. */
export function tinyPdf(): Blob {
  const text = [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 10 10]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n');
  return new Blob([text], { type: 'application/pdf' });
}

let counter = 0;
/** A fresh lowercase suffix for unique slugs and emails. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}
