// A test seam for the concurrency tests (tests/integration/background-writes.test.ts and others): holds a
// piece of background work at the moment its slow part is over and its write is next, so a
// test can race a payment and an admin edit into exactly that window. Active only when
// ATELIER_TEST_SEAMS names a folder (the tests set it; production never does) and the test
// has armed the step there. Armed once, it holds once (or, armed to fail, throws once):
//   <dir>/<step>.armed   written by the test
//   <dir>/<step>.held    written here while the step waits
//   <dir>/<step>.go      written by the test to let it go on (at most 60 s)
// CommonJS; require inside handlers.

const MAX_HOLD_MS = 60000;
const POLL_MS = 25;

function exists(path) {
  try {
    $os.stat(path);
    return true;
  } catch (_) {
    return false;
  }
}

/** Waits here while a test holds `step`; does nothing otherwise. */
function hold(step) {
  const dir = $os.getenv("ATELIER_TEST_SEAMS");
  if (!dir) return;
  const base = `${dir}/${step}`;
  try {
    $os.remove(`${base}.armed`);
  } catch (_) {
    return; // not armed
  }
  $os.writeFile(`${base}.held`, "", 0o600);
  for (let waited = 0; waited < MAX_HOLD_MS && !exists(`${base}.go`); waited += POLL_MS) sleep(POLL_MS);
  for (const end of [".go", ".held"]) {
    try {
      $os.remove(base + end);
    } catch (_) {}
  }
}

/**
 * Throws here once when a test armed `step` to fail (<dir>/<step>.fail): a write that fails after
 * its earlier writes in the same transaction, so the transaction rolls back. Nothing otherwise.
 */
function fail(step) {
  const dir = $os.getenv("ATELIER_TEST_SEAMS");
  if (!dir) return;
  try {
    $os.remove(`${dir}/${step}.fail`);
  } catch (_) {
    return; // not armed
  }
  throw new Error(`test seam ${step}: failing as the test asked`);
}

module.exports = { hold, fail };
