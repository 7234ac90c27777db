/// <reference path="../pb_data/types.d.ts" />
// Serves the built PWA (dist/) on the same origin as the API, with cache and security
// headers suited to a service-worker app. Registering GET /{path...} here replaces the
// default static route of examples/base (it only registers its own when none exists).

// The page headers are set here rather than in a global routerUse: a JS middleware takes a
// hook VM for every request the server answers (each API call, each checkout of a drop's
// crowd) just to skip it, and holds it while the rest of the request runs.
routerAdd("GET", "/{path...}", (e) => {
  const h = e.response.header();
  // Google's sign-in popup needs to talk back to its opener.
  h.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  // per-page head tags (title, description, og:image, JSON-LD) from lib/seo.js
  return require(`${__hooks}/lib/spa.js`).serve(e, require(`${__hooks}/lib/seo.js`).transform);
});
