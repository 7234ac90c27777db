// The helper processes scripts and tests start (PocketBase, the server renderer, stripe-mock,
// versitygw, maildev): keep what they print, wait until they answer, stop them.

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is removed
const COLOUR = /\u001b\[[0-9;]*m/g;

/** `text` without terminal colour codes. */
export function withoutColour(text) {
  return String(text ?? '').replace(COLOUR, '');
}

/**
 * The port a child said it listens on, in the last line of its `output` that has `label`
 * ("Server started at http://127.0.0.1:8090" → 8090), or 0. A child prints it only once it
 * holds the port: a port chosen free can be taken by another server before the child binds
 * it (parallel tests), and then that server's health answer must not count as this child's.
 */
export function portSaid(output, label) {
  const text = withoutColour(output);
  const at = text.lastIndexOf(label);
  if (at === -1) return 0;
  const m = /^\s*\S*:(\d+)/.exec(text.slice(at + label.length));
  return m ? Number(m[1]) : 0;
}

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
