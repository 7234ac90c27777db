/** The longest a job waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 3000;

const jobs: Array<() => unknown> = [];
let running = false;

/**
 * Runs `job` when the browser is idle: one job per idle period, each after the one before
 * it has settled (a job may return a promise), each at most `IDLE_TIMEOUT_MS` after the one
 * before (a browser without requestIdleCallback: after a short timeout). For work the page
 * does not need to show or to answer presses, kept out of the tasks that start and hydrate
 * it: on a first visit, creating the device database and writing the page's data to it was
 * one ~30 ms task (120 ms on a 4x slower phone, Lighthouse TBT traces); one step per idle
 * period, each is a short task.
 */
export function whenIdle(job: () => unknown): void {
  if (typeof window === 'undefined') return;
  jobs.push(job);
  if (!running) next();
}

function next(): void {
  const job = jobs.shift();
  running = job !== undefined;
  if (!job) return;
  const run = () => {
    void (async () => {
      try {
        await job();
      } catch (err) {
        console.warn('[idle] a background job failed', err);
      }
      next();
    })();
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(run, 200);
}
