// The paths the app has a route for (src/routes), so that a URL no route can take is answered
// as not found (404) rather than with the app shell's 200: the browser still shows the app's
// not-found page, while search engines and link checkers are told the truth. Segments are
// checked loosely where the app itself decides (a course, a chapter, an order's token: their own
// pages say "not found"); a path ending in "/" is its path without it (lib/pages/spa.js
// redirects). tests/unit/app-routes.test.ts checks every route file against this list.
// CommonJS, no PocketBase globals (the unit test requires it in Node).

const SLUG = "[a-z0-9-]{1,120}";
const SEGMENT = "[^/]+";

const ROUTES = [
  // home; the app's own pages and the artist's content pages (/privacy), one slug each
  "",
  `/${SLUG}`,
  `/(?:news|drop|exhibitions)/${SLUG}`,
  `/(?:order|result|course)/${SEGMENT}`,
  `/course/${SEGMENT}/enroll`,
  `/course/${SEGMENT}/chapter/${SEGMENT}`,
  "/admin/videos",
].map((r) => new RegExp(`^${r}$`));

/** Whether some route of the app takes `path` (decoded, without its query). */
function isAppPath(path) {
  if (path === "/") return true;
  return ROUTES.some((r) => r.test(path));
}

module.exports = { isAppPath };
