// The helper processes scripts and tests start (PocketBase, the server renderer, stripe-mock,
// versitygw, maildev): keep what they print, wait until they answer, stop them.

/** Collects what `child` prints on stdout and stderr; returns a reader of it so far. */
export function collectOutput(child) {
  let output = '';
  const add = (d) => {
    output += d;
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => output;
}

/**
 * Resolves once `answers()` resolves true (a rejection counts as not yet). Throws, with what
 * the child printed, when it exits first or after `ms` (then it is killed). A busy machine
 * can take many seconds to start a process, so the default is generous.
 */
export async function untilAnswering(child, { what, answers, output, ms = 60_000, pollMs = 100 }) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output()}`);
    if (await answers().catch(() => false)) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not answer within ${ms / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export function stopChild(child, graceMs = 5000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}
