// A download cut off mid-way (the server ends responses after 5 minutes; lines drop) is
// continued with Range requests from the first missing byte, and the bytes come out whole.
import { describe, expect, it } from 'vitest';
import { resumableBody } from '@/features/course/api/resumable-body';

const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) % 256);

/** A body that delivers `data` in pieces, then errors (a cut) or ends early. */
function brokenStream(data: Uint8Array, how: 'error' | 'end'): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(data.slice(0, Math.ceil(data.byteLength / 2)));
        controller.enqueue(data.slice(Math.ceil(data.byteLength / 2)));
        return;
      }
      if (how === 'error') controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

function streamOf(data: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
}

function response(body: ReadableStream<Uint8Array>, status: number, headers: Record<string, string>): Response {
  return new Response(body, { status, headers });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const full = { 'accept-ranges': 'bytes', 'content-length': '1000' };

describe('resumableBody', () => {
  it('continues after two cuts from the first missing byte, and the bytes are whole', async () => {
    const asked: number[] = [];
    const first = response(brokenStream(bytes.slice(0, 300), 'error'), 200, full);
    const body = resumableBody(first, {
      total: 1000,
      refetch: async (from) => {
        asked.push(from);
        const end = from === 300 ? 650 : 1000;
        const rest = bytes.slice(from, end);
        const stream = end < 1000 ? brokenStream(rest, 'end') : streamOf(rest);
        return response(stream, 206, { 'content-range': `bytes ${from}-999/1000` });
      },
    });
    expect(await readAll(body)).toEqual(bytes);
    expect(asked).toEqual([300, 650]);
  });

  it('fails with the cause when the server ignores the range', async () => {
    const first = response(brokenStream(bytes.slice(0, 300), 'error'), 200, full);
    const body = resumableBody(first, {
      total: 1000,
      refetch: async () => response(streamOf(bytes), 200, full),
    });
    await expect(readAll(body)).rejects.toThrow('broke off at byte 300 and could not be continued (200)');
  });

  it('does not try to continue without byte ranges or a known size', async () => {
    let asked = 0;
    const refetch = async () => {
      asked += 1;
      return response(streamOf(bytes), 206, { 'content-range': 'bytes 300-999/1000' });
    };
    const noRanges = resumableBody(
      response(brokenStream(bytes.slice(0, 300), 'error'), 200, { 'content-length': '1000' }),
      { total: 1000, refetch },
    );
    await expect(readAll(noRanges)).rejects.toThrow('network error');
    const noSize = resumableBody(
      response(brokenStream(bytes.slice(0, 300), 'error'), 200, { 'accept-ranges': 'bytes' }),
      { total: null, refetch },
    );
    await expect(readAll(noSize)).rejects.toThrow('network error');
    expect(asked).toBe(0);
  });

  it('gives up after repeated continuations that bring nothing', async () => {
    let asked = 0;
    const body = resumableBody(response(brokenStream(bytes.slice(0, 300), 'error'), 200, full), {
      total: 1000,
      maxStalls: 3,
      refetch: async (from) => {
        asked += 1;
        return response(brokenStream(new Uint8Array(0), 'error'), 206, { 'content-range': `bytes ${from}-999/1000` });
      },
    });
    await expect(readAll(body)).rejects.toThrow('network error');
    expect(asked).toBe(3);
  });

  it('stops at once when the download is canceled', async () => {
    const controller = new AbortController();
    controller.abort();
    const body = resumableBody(response(brokenStream(bytes.slice(0, 300), 'error'), 200, full), {
      total: 1000,
      signal: controller.signal,
      refetch: async () => {
        throw new Error('must not be asked');
      },
    });
    await expect(readAll(body)).rejects.toThrow('network error');
  });
});
