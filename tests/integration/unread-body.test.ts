// An answer given before a request's body is read closes the connection, so the unread bytes
// are never taken for the client's next request (pb_hooks/lib/http/unread-body.js). Each case
// sends, on one raw connection, a request whose body is a request of its own (`GET
// /api/health`) padded past the 256 kB Go's server would drain by itself, and reads everything
// the server sends back: one answer, then the connection closed. On the old routes the server
// answered the refusal and then the request hidden in the body (two answers, connection open).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_UPLOAD } from '../../src/lib/contract/contract.gen';
import { createUser, startPocketBase, type TestPocketBase } from '../support/pocketbase';
import { courseWithRoles, createAsSuperuser } from './helpers';
import { startUpload } from './video-upload-client';

let pb: TestPocketBase;
let admin = '';
let otherAdmin = '';
let uploadUrl = '';

const HIDDEN = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
/** What a refused request sends of its body: more than Go's server drains by itself. */
const SENT = 300 * 1024;

/** A body that starts with a whole request and is padded to `size` bytes (ASCII). */
function smuggling(size: number): Buffer {
  return Buffer.concat([Buffer.from(HIDDEN), Buffer.alloc(size - HIDDEN.length, ' ')]);
}

interface Exchange {
  /** The status of every answer the server sent on the connection. */
  statuses: number[];
  /** Whether the server closed the connection (within 5 s of the last byte). */
  closed: boolean;
  /** The first answer's `Connection` header, lower case ('' when absent). */
  connection: string;
}

/**
 * Sends one request on a fresh connection, declaring `body`'s length but sending only its first
 * `send` bytes (all by default; a refusal is awaited without writing more, so the client never
 * writes into a connection the server has closed), and reads all the server sends.
 */
function exchange(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  send = body.length,
): Promise<Exchange> {
  const { hostname, port } = new URL(pb.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
      const connection = /\r\nconnection: ([^\r]*)\r\n/i.exec(text)?.[1]?.toLowerCase() ?? '';
      resolve({ statuses, closed, connection });
    };
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(false), 5000);
    };
    socket.on('data', (d) => {
      chunks.push(d);
      idle();
    });
    socket.on('end', () => finish(true));
    // the server may close while the body is still being written: what it sent still counts
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNRESET' || err.code === 'EPIPE' ? finish(true) : reject(err),
    );
    const head = Object.entries({ host: `${hostname}:${port}`, 'content-length': String(body.length), ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
    socket.write(body.subarray(0, send));
    idle();
  });
}

const tus = (token: string | null, offset = 0) => ({
  ...(token ? { authorization: token } : {}),
  'tus-resumable': '1.0.0',
  'content-type': 'application/offset+octet-stream',
  'upload-offset': String(offset),
  'upload-checksum': `sha256 ${'A'.repeat(43)}=`,
});

beforeAll(async () => {
  pb = await startPocketBase();
  const course = await courseWithRoles(pb);
  admin = course.admin.token;
  otherAdmin = (await createUser(pb, { email: 'admin2@atelier.test', role: 'admin' })).token;
  const chapter = await createAsSuperuser(pb, 'course_modules', {
    course_id: course.courseId,
    title: 'Chapter',
    sort_order: 1,
  });
  const created = await startUpload(pb.url, admin, 64 * 1024 * 1024, {
    chapter: chapter.id,
    filename: 'a.mp4',
    filetype: 'video/mp4',
    sha256: 'a'.repeat(64),
  });
  expect(created.status).toBe(201);
  uploadUrl = created.headers.get('location') as string;
});

afterAll(async () => {
  await pb?.stop();
});

describe('a chunk refused before it is read closes the connection', () => {
  const cases: [string, () => [Record<string, string>, Buffer, string?], number][] = [
    ['signed out', () => [tus(null), smuggling(1024 * 1024)], 401],
    ["another admin's upload", () => [tus(otherAdmin), smuggling(1024 * 1024)], 404],
    [
      'an upload that does not exist',
      () => [tus(admin), smuggling(1024 * 1024), `${VIDEO_UPLOAD.path}/abcdefghij0123456789`],
      404,
    ],
    ['the wrong offset', () => [tus(admin, 4096), smuggling(1024 * 1024)], 409],
    ['a chunk over the limit', () => [tus(admin), smuggling(VIDEO_UPLOAD.maxChunkBytes + 1)], 413],
  ];
  for (const [name, make, status] of cases) {
    it(`${name}: ${status}, and the request in the body is never answered`, async () => {
      const [headers, body, path] = make();
      const x = await exchange('PATCH', path ?? uploadUrl, headers, body, SENT);
      expect(x).toEqual({ statuses: [status], closed: true, connection: 'close' });
    });
  }

  it('a chunk that is read keeps the connection for the next request', async () => {
    // a wrong checksum is found only after the chunk is read whole: the connection stays
    const x = await exchange('PATCH', uploadUrl, tus(admin), Buffer.alloc(1024 * 1024, 1));
    expect(x.statuses).toEqual([460]);
    expect(x.closed).toBe(false);
  });
});

describe('a webhook refused before its body is read closes the connection', () => {
  it('without Stripe-Signature: 400, and the request in the body is never answered', async () => {
    const x = await exchange(
      'POST',
      '/api/stripe/webhook',
      { 'content-type': 'application/json' },
      smuggling(512 * 1024),
    );
    expect(x).toEqual({ statuses: [400], closed: true, connection: 'close' });
  });

  it('over 1 MB: 413, and the request in the body is never answered', async () => {
    const x = await exchange(
      'POST',
      '/api/stripe/webhook',
      { 'content-type': 'application/json', 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
      smuggling(1024 * 1024 + 1),
      SENT,
    );
    expect(x).toEqual({ statuses: [413], closed: true, connection: 'close' });
  });
});
