// The security headers of the hooks' JSON routes (security-headers.js `api`), worked out once
// per process and kept in the app store. For routes a crowd hits (create-payment): a hook VM
// that serves its first request loads every module the handler requires, and a drop's crowd
// meets thousands of such VMs; loading security-headers.js cost several times this module
// (README, "Print drops"). The env they come from does not change while the server runs.
// CommonJS; require inside handlers.

const KEY = "atelier:api-headers";

// This VM's copy, read from the store once: every read of the store waits while anyone writes
// to it, and a drop's stock gate writes to it while the crowd arrives.
// Names and values side by side: a crowd's answer walks them without Object.keys.
let names = null;
let values = null;

function set(e) {
  if (!names) {
    const raw = $app
      .store()
      .getOrSet(KEY, () => JSON.stringify(require(`${__hooks}/lib/http/security-headers.js`).apiHeaderValues()));
    const headers = JSON.parse(raw);
    names = Object.keys(headers);
    values = names.map((n) => headers[n]);
  }
  // one wrapper of the Go method per answer, not one per header (goja makes a new one on each
  // property read of a Go method)
  const setHeader = e.response.header().set;
  for (let i = 0; i < names.length; i++) setHeader(names[i], values[i]);
}

module.exports = { set };
