/// <reference path="../pb_data/types.d.ts" />
// Serves the built PWA (dist/) on the same origin as the API, with cache and security
// headers suited to a service-worker app: public pages server-rendered (lib/pages/ssr.js), other
// paths the app shell. Registering GET /{path...} here replaces the default static route of
// examples/base (it only registers its own when none exists).

// The page headers are set here rather than in a global routerUse: a JS middleware takes a
// hook VM for every request the server answers (each API call, each checkout of a drop's
// crowd) just to skip it, and holds it while the rest of the request runs.

// Pages and small text files, gzipped by PocketBase's own middleware ($apis.gzip() is Go code:
// it costs no hook VM).
routerAdd(
  "GET",
  "/{path...}",
  (e) => {
    // CSP, HSTS, framing, referrer, COOP for Google's popup (lib/http/security-headers.js)
    require(`${__hooks}/lib/http/security-headers.js`).app(e);
    // per-page head tags (title, description, og:image, JSON-LD) from lib/pages/seo.js
    return require(`${__hooks}/lib/pages/spa.js`).serve(e, require(`${__hooks}/lib/pages/seo.js`).transform);
  },
  $apis.gzip(),
);

// Folders of files that must not be gzipped on the fly: hashed assets are served from their
// precompressed .br/.gz copies, and images do not shrink.
for (const folder of ["assets", "icons", "screenshots"]) {
  routerAdd("GET", `/${folder}/{path...}`, (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).app(e);
    return require(`${__hooks}/lib/pages/spa.js`).serve(e, null);
  });
}

// The previous releases' assets kept by the package's start.sh (deploy/previous-assets.mjs) are
// part of no backup: the package makes them again.
onBackupCreate((e) => {
  e.exclude.push("previous-assets");
  return e.next();
});
