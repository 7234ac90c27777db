// The security headers of the hooks' JSON routes (security-headers.js `api`), worked out once
// per process and kept in the app store. For routes a crowd hits (create-payment): a hook VM
// that serves its first request loads every module the handler requires, and a drop's crowd
// meets thousands of such VMs; loading security-headers.js cost several times this module
// (README, "Print drops"). The env they come from does not change while the server runs.
// CommonJS; require inside handlers.

const KEY = "atelier:api-headers";

// This VM's copy, read from the store once: every read of the store waits while anyone writes
// to it, and a drop's stock gate writes to it while the crowd arrives.
let headers = null;

function set(e) {
  if (!headers) {
    const raw = $app
      .store()
      .getOrSet(KEY, () => JSON.stringify(require(`${__hooks}/lib/http/security-headers.js`).apiHeaderValues()));
    headers = JSON.parse(raw);
  }
  const out = e.response.header();
  for (const name of Object.keys(headers)) out.set(name, headers[name]);
}

module.exports = { set };
