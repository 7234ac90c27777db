// A download body that survives a connection cut mid-way. Servers end long responses
// (PocketBase closes any response still running after 5 minutes), so a large chapter video
// on a slow line would stop part-way; this continues it with a Range request from the
// first missing byte, as often as needed, and errors only when that cannot work.

export interface ResumableBodyOptions {
  /** The full size, when known (Content-Length of the first answer). */
  total: number | null;
  /** Asks again from byte `from` (the same URL with `Range: bytes=from-`). */
  refetch: (from: number) => Promise<Response>;
  /** Gives up after this many continuations in a row without progress. */
  maxStalls?: number;
  signal?: AbortSignal;
}

function startOf(res: Response): number | null {
  const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
  return m ? Number(m[1]) : null;
}

/** The bytes of `first`, continued with range requests after a cut. */
export function resumableBody(first: Response, opts: ResumableBodyOptions): ReadableStream<Uint8Array> {
  if (!first.body) throw new Error('The answer has no body.');
  let reader = first.body.getReader();
  let offset = 0;
  let stalls = 0;
  const maxStalls = opts.maxStalls ?? 5;
  const canResume = opts.total !== null && first.headers.get('accept-ranges') === 'bytes';

  async function continueFrom(cause: unknown): Promise<void> {
    if (opts.signal?.aborted || !canResume) throw cause;
    if (++stalls > maxStalls) throw cause;
    const res = await opts.refetch(offset);
    if (res.status !== 206 || startOf(res) !== offset || !res.body) {
      await res.body?.cancel();
      throw new Error(`The download broke off at byte ${offset} and could not be continued (${res.status}).`);
    }
    reader = res.body.getReader();
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let step: ReadableStreamReadResult<Uint8Array>;
        try {
          step = await reader.read();
        } catch (err) {
          await continueFrom(err);
          continue;
        }
        if (step.done) {
          // a response that ends early without an error is a cut too
          if (opts.total !== null && offset < opts.total) {
            await continueFrom(new Error(`The download ended at byte ${offset} of ${opts.total}.`));
            continue;
          }
          controller.close();
          return;
        }
        if (step.value.byteLength === 0) continue;
        offset += step.value.byteLength;
        stalls = 0;
        controller.enqueue(step.value);
        return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
