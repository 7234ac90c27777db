// Server-rendered HTML for the public pages. The HTML comes from the server renderer, a Node
// process on loopback (renderer/render-server.ts, port RENDER_PORT), rendered from the same React
// components as the app. A finished page (with its head tags) is kept a few seconds in
// $app.store(), so a crowd arriving at one page is rendered about once, not once per visitor:
//   - younger than FRESH_MS: served as it is;
//   - older, up to STALE_MS: one request renders it again, the others get the stored one;
//   - never rendered: one request renders it, the others wait up to FIRST_WAIT_MS for it;
//   - at most MAX_PAGES are kept; a new one replaces the least recently served.
// Only pages of things that exist are rendered into that store: a URL naming a slug no record
// has (a news post, a drop, an exhibition, a content page, a print) is answered with its
// route's not-found page, rendered once per route and kept apart (MISSING), so made-up URLs
// cost neither renders nor places in the store. A renderer that refuses connections is not
// asked again for DOWN_MS; one slow render only costs its own request (the shell or the
// stored page), never the other pages. Anything else, and every page while the renderer
// cannot answer, gets the app shell, which renders in the browser as before. Prices are in
// the visitor's currency from the first byte (their stored choice's cookie, else their first
// Accept-Language, as the app would pick): a page is rendered and kept once per currency, and
// says which it shows (the state block's data-currency, what the app hydrates with). Values in the
// store are plain strings, numbers and maps, because each request runs in its own VM. CommonJS.

const seam = require(`${__hooks}/lib/setup/test-seam.js`);

const FRESH_MS = 5000;
const STALE_MS = 60000;
const CLAIM_MS = 3000; // a render claim older than this is taken over (its request died)
const FIRST_WAIT_MS = 600;
const POLL_MS = 20;
const DOWN_MS = 5000;
const MAX_PAGES = 300; // every record's page fits; a new one replaces the least recently served
const TIMEOUT_S = 1; // $http.send counts whole seconds

const PREFIX = "ssr:page:";
const USED = "ssr:used:"; // + page URL: when it was last served (least recently used goes first)
const MISSING = "ssr:missing:"; // + route: its not-found page, for every slug nothing has
// a path no route of the app takes shares the site's not-found page, rendered from a name no
// content page can have (the `/$name` route refuses it before any lookup)
const ANY_ROUTE = "*";
const NOT_FOUND_URL = "/-";
// the site's frame, for the pages of the app the server does not render: one for all of them
// (it has no prices), drawn around a URL whose page loads nothing
const FRAME = "ssr:frame";
const FRAME_URL = NOT_FOUND_URL;
const CLAIM = "ssr:claim:";
const COUNT = "ssr:count";
const DOWN_UNTIL = "ssr:down-until";

const ROOT = '<div id="root"></div>';
const STATE_ID = "__rq_state";

/** Shared HTTP caches (a CDN, a proxy) may keep a rendered page as briefly as we do. */
const RENDERED_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";
/** What a rendered page's prices depend on (visitorCurrency), for those caches. */
const RENDERED_VARY = "Accept-Language, Cookie";

// Pages for anyone, the same for everyone. Single-segment paths are the artist's content
// pages (/privacy) unless they are one of the app's own pages for a visitor or an account.
const PAGE_PATH =
  /^\/(?:|artworks|about|contact|news|print-editions|print-view|whispering-game|drop|(?:news|drop|exhibitions)\/[a-z0-9-]{1,120}|[a-z0-9]+(?:-[a-z0-9]+){0,12})$/;
const APP_ONLY = {
  "/auth": 1,
  "/my-courses": 1,
  "/downloads": 1,
  "/viewing-room": 1,
  "/payment-success": 1,
  "/payment-canceled": 1,
  "/admin": 1,
  "/course": 1,
};
// The only query parameter public pages read (prints by slug); others (utm_*, ...) change nothing.
const PRINT_PAGES = { "/print-editions": 1, "/print-view": 1 };
// The app's own single-segment pages; any other one is a content page (`pages` by slug).
const STATIC_PAGES = {
  "/artworks": 1,
  "/about": 1,
  "/contact": 1,
  "/news": 1,
  "/print-editions": 1,
  "/print-view": 1,
  "/whispering-game": 1,
  "/drop": 1,
};
const SLUG = /^[a-z0-9-]{1,120}$/;
// A form's result page (lib/http/form-post.js): rendered for the one visitor it answers, never
// kept (its query is anyone's to vary), with the query values the page reads.
const RESULT_PAGE = /^\/result\/[a-z-]{1,20}$/;
const RESULT_QUERY = {
  outcome: /^[a-z-]{1,20}$/,
  errors: /^[A-Za-z]{1,30}\.[a-z_]{1,40}(?:,[A-Za-z]{1,30}\.[a-z_]{1,40}){0,7}$/,
  back: /^\/[a-z0-9/-]{0,200}(?:\?(?:print|artwork)=[a-z0-9-]{1,120})?$/,
};

/**
 * For a URL naming a record by slug: the route it belongs to when no such record is public
 * (so its page would be the not-found page), "" when the record exists or the URL names none.
 */
function missingRoute(app, path, query) {
  const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
  const lookups = [];
  const m = /^\/(news|drop|exhibitions)\/([a-z0-9-]{1,120})$/.exec(path);
  if (m) {
    const collection = { news: Collections.NewsPosts, drop: Collections.Drops, exhibitions: Collections.Exhibitions }[
      m[1]
    ];
    lookups.push([
      `/${m[1]}/`,
      collection,
      m[1] === "news" ? "slug = {:s} && is_published = true" : "slug = {:s}",
      m[2],
    ]);
  } else if (/^\/[a-z0-9-]+$/.test(path) && !STATIC_PAGES[path]) {
    lookups.push(["/", Collections.Pages, "slug = {:s} && is_published = true", path.slice(1)]);
  }
  const print = PRINT_PAGES[path] ? query.get("print") : "";
  if (print && SLUG.test(print))
    lookups.push([`${path}?print=`, Collections.Prints, "slug = {:s} && is_active = true", print]);
  for (const [route, collection, filter, slug] of lookups) {
    if (!app.findRecordsByFilter(collection, filter, "", 1, 0, { s: slug }).length) return route;
  }
  return "";
}

/**
 * The currency a visitor's prices are rendered in: their stored choice (the app keeps it in a
 * cookie too), else the one their first Accept-Language tag points to, as the app guesses it
 * from navigator.languages (src/features/shop/model/currency.ts).
 */
function visitorCurrency(e) {
  const { CURRENCY_COOKIE, CURRENCY_LANGUAGES, Enums } = require(`${__hooks}/lib/contract.gen.js`);
  const known = Enums.orders.currency;
  let chosen = "";
  try {
    chosen = String(e.request.cookie(CURRENCY_COOKIE).value || "");
  } catch (_) {
    // no such cookie
  }
  if (known.indexOf(chosen) !== -1) return chosen;
  const first = String(e.request.header.get("Accept-Language") || "")
    .split(",")[0]
    .split(";")[0]
    .trim();
  if (CURRENCY_LANGUAGES.usd.test(first)) return "usd";
  if (CURRENCY_LANGUAGES.sek.test(first)) return "sek";
  return "eur";
}

function rendererBase() {
  const port = $os.getenv("RENDER_PORT");
  return port ? `http://127.0.0.1:${port}` : "";
}

/**
 * The URL a page is rendered and cached under, or "" when the page is never server-rendered.
 * A page that reads a query parameter this does not keep (drop's ?release=) is not rendered.
 */
function pageUrl(path, query) {
  if (RESULT_PAGE.test(path)) {
    const kept = [];
    for (const name of Object.keys(RESULT_QUERY)) {
      const value = query.get(name);
      if (value && RESULT_QUERY[name].test(value)) kept.push(`${name}=${encodeURIComponent(value)}`);
    }
    return kept.length ? `${path}?${kept.join("&")}` : path;
  }
  if (!PAGE_PATH.test(path) || APP_ONLY[path]) return "";
  if (query.has("release")) return "";
  if (!PRINT_PAGES[path]) return path;
  const print = query.get("print");
  return print && SLUG.test(print) ? `${path}?print=${print}` : path;
}

function shellResponse(e, html, why, status) {
  const h = e.response.header();
  h.set("Cache-Control", "no-cache");
  h.set("X-SSR", why);
  return e.html(status || 200, html);
}

function pageResponse(e, entry, how) {
  const h = e.response.header();
  h.set("X-SSR", how);
  h.set("Vary", RENDERED_VARY);
  // which render of the renderer this page is (a cache hit repeats the number)
  if (entry.seq) h.set("X-Render-Seq", String(entry.seq));
  h.set("Cache-Control", RENDERED_CACHE_CONTROL);
  if (entry.location) return e.redirect(302, entry.location);
  return e.html(entry.status, entry.html);
}

/**
 * The shell with the rendered root, its query state (an inert JSON block, saying which currency
 * the prices are in: the app hydrates with it) and head hints.
 */
function assemble(shell, r, currency) {
  const root = `<div id="root">${r.html}</div>\n    <script type="application/json" id="${STATE_ID}" data-currency="${currency}">${r.state}</script>`;
  let html = withRouteChunks(
    shell.replace(ROOT, () => root),
    r.preload,
  );
  // the page reads without JavaScript now: the shell's "needs JavaScript" note would be wrong
  html = html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/i, "");
  // the page's head hints (the LCP image's preload) go ahead of the scripts: on a slow link the
  // first paint waits for the CSS and the LCP image, never for the (deferred) scripts
  if (r.head) {
    const at = html.search(/<script\b[^>]*\bsrc=/i);
    html =
      at < 0 || at > html.search(/<\/head>/i)
        ? html.replace(/<\/head>/i, () => `  ${r.head}\n  </head>`)
        : `${html.slice(0, at)}${r.head}\n    ${html.slice(at)}`;
  }
  return html;
}

// The boot script's list of chunks to ask for with the app (scripts/vite/boot-after-paint.ts)
const BOOT_PRELOAD = /(<script data-boot\b[^>]*\bdata-preload=")([^"]*)(")/;
const CHUNK = /^\/assets\/[\w.-]+\.js$/;

/**
 * The page with the chunks its routes need (the renderer's `preload`) added to the boot
 * script's list, after the app's start chunks: asked for with them, not a round trip after the
 * app has started and its router has found the route.
 */
function withRouteChunks(html, preload) {
  if (!Array.isArray(preload) || !preload.length) return html;
  return html.replace(BOOT_PRELOAD, (_, open, list, close) => {
    const listed = list.split(" ").filter(Boolean);
    for (const href of preload) if (CHUNK.test(href) && listed.indexOf(href) === -1) listed.push(href);
    return `${open}${listed.join(" ")}${close}`;
  });
}

function askRenderer(url, currency, frame) {
  const res = $http.send({
    url: `${rendererBase()}/render?url=${encodeURIComponent(url)}&currency=${currency}${frame ? "&frame=1" : ""}`,
    method: "GET",
    timeout: TIMEOUT_S,
  });
  const r = res.json;
  if (res.statusCode !== 200 || !r || !r.kind) {
    // the renderer works, this page's data did not load: no reason to stop asking for others
    const err = new Error(`renderer answered ${res.statusCode}: ${r?.message ?? ""}`);
    err.rendererAnswered = true;
    throw err;
  }
  return r;
}

/**
 * A fresh cache entry for `url`: {status, html} or {location}. Throws when it cannot render.
 * `transform` null: the page without its head tags (a not-found page serves many paths).
 */
function renderEntry(e, url, path, shell, transform, currency) {
  const r = askRenderer(url, currency);
  const now = Date.now();
  if (r.kind === "redirect") {
    const location = String(r.location || "");
    // only same-site paths, and never back to this very page (no loop)
    if (location.charAt(0) !== "/" || location.charAt(1) === "/" || location === url) {
      throw new Error(`unusable redirect from ${url} to ${location}`);
    }
    return { location: location, status: 302, at: now, seq: Number(r.seq) || 0 };
  }
  checkPage(r, shell);
  const html = assemble(shell, r, currency);
  const page = transform ? transform(html, path, e, { rendered: true }) : html;
  return { html: page, status: Number(r.status) || 200, at: now, seq: Number(r.seq) || 0 };
}

function checkPage(r, shell) {
  if (r.kind !== "page") throw new Error(`renderer gave ${r.kind}`);
  if (shell.indexOf(ROOT) === -1) throw new Error("the shell has no empty #root");
  // the renderer and the served client must be one build, or hydration would fail
  if (r.build && shell.indexOf(r.build) === -1) throw new Error(`renderer built for ${r.build}, not this client`);
}

/**
 * The site's frame (the top bar around a loading line) in the shell's #root, marked
 * `data-frame`: the app renders over it rather than hydrating it, so it carries no state.
 * The shell's "needs JavaScript" note stays: without scripts the page stops at its frame.
 */
function renderFrame(shell) {
  const r = askRenderer(FRAME_URL, "eur", true);
  checkPage(r, shell);
  const root = `<div id="root" data-frame>${r.html}</div>`;
  return { html: shell.replace(ROOT, () => root), status: 200, at: Date.now(), seq: Number(r.seq) || 0 };
}

function store() {
  return $app.store();
}

/** Keeps a page, making room by dropping expired ones, then the least recently served. */
function remember(key, entry) {
  const s = store();
  if (!s.has(key)) {
    if ((s.get(COUNT) || 0) >= MAX_PAGES) makeRoom();
    s.setFunc(COUNT, (n) => (n || 0) + 1);
  }
  s.set(key, entry);
  s.set(USED + key, Date.now());
}

function forget(key) {
  const s = store();
  if (!s.has(key)) return;
  s.remove(key);
  s.remove(USED + key);
  s.setFunc(COUNT, (n) => Math.max(0, (n || 0) - 1));
}

/** One place for a new page: the expired ones go, else the least recently served. */
function makeRoom() {
  const s = store();
  const now = Date.now();
  const all = s.getAll();
  let oldest = "";
  let oldestUsed = Infinity;
  let count = 0;
  for (const key in all) {
    if (key.indexOf(USED) !== 0) continue;
    const page = key.slice(USED.length);
    const used = Number(all[key]) || 0;
    const entry = s.get(page);
    if (!entry || now - entry.at >= STALE_MS) {
      forget(page);
      continue;
    }
    count++;
    if (used < oldestUsed) {
      oldestUsed = used;
      oldest = page;
    }
  }
  s.set(COUNT, count);
  if (count >= MAX_PAGES && oldest) forget(oldest);
}

/** Takes the right to render `url` now; false when another request holds it. */
function claim(url) {
  const now = Date.now();
  const me = now + Math.random();
  let won = false;
  store().setFunc(CLAIM + url, (old) => {
    if (old && now - Math.floor(old) < CLAIM_MS) return old;
    won = true;
    return me;
  });
  return won;
}

function release(url) {
  store().remove(CLAIM + url);
}

function rendererDown() {
  return Date.now() < (store().get(DOWN_UNTIL) || 0);
}

/** Refused or dropped connections: the renderer is not there (a slow answer is not that). */
function connectionFailed(err) {
  // the renderer answered (a page's data did not load): it is there, whatever its message says
  if (err?.rendererAnswered) return false;
  return /connection refused|connection reset|broken pipe|no such host|unreachable|EOF/i.test(String(err));
}

function markDown(url, err) {
  store().set(DOWN_UNTIL, Date.now() + DOWN_MS);
  $app
    .logger()
    .warn("the server renderer is not reachable; serving the app shell for a while", "url", url, "error", String(err));
}

/**
 * Answers a page request: the server-rendered page when it is public and can be had in time,
 * else the shell. `shell` is the built index.html; `transform(html, path, e, opts)` adds the
 * page's head tags (lib/pages/seo.js), applied before a page is stored (a not-found page: per
 * request, as it serves every path its route does not know).
 */
function servePage(e, path, shell, transform) {
  const query = e.request.url.query();
  // the shell, said with `status` (the app shows its not-found page for a 404), for reason `why`
  const shellAs = (status) => (why) => shellResponse(e, transform ? transform(shell, path, e) : shell, why, status);
  // an entry that serves many paths, with this path's head tags (added per request)
  const headed = (opts) => (entry) =>
    entry.location || !transform ? entry : Object.assign({}, entry, { html: transform(entry.html, path, e, opts) });
  const s = store();
  // no route of the app takes it: the site's not-found page, said as a 404
  const known = require(`${__hooks}/lib/pages/app-routes.js`).isAppPath(path);
  if (!rendererBase()) return shellAs(known ? 200 : 404)("off");
  const url = pageUrl(path, query);
  // a page of the app the server does not render (an account, the viewing room, a payment's
  // status): the site's frame, so a first visit paints the top bar, not a blank page
  if (known && !url)
    return serveFrom(
      e,
      FRAME_URL,
      FRAME,
      shellAs(200),
      () => renderFrame(shell),
      headed(undefined),
      (key, entry) => s.set(key, entry),
      STALE_MS,
    );
  const currency = visitorCurrency(e);

  if (RESULT_PAGE.test(path)) {
    if (rendererDown()) return shellAs(200)("down");
    try {
      const entry = renderEntry(e, url, path, shell, transform, currency);
      e.response.header().set("X-SSR", "miss");
      e.response.header().set("Cache-Control", "no-store");
      return entry.location ? e.redirect(302, entry.location) : e.html(entry.status, entry.html);
    } catch (err) {
      if (connectionFailed(err)) markDown(url, err);
      return shellAs(200)("down");
    }
  }

  // one copy of a page per currency
  const key = `${url}#${currency}`;
  const cached = known ? s.get(PREFIX + key) : null;
  if (cached && Date.now() - cached.at < FRESH_MS) {
    s.set(USED + PREFIX + key, Date.now());
    return pageResponse(e, cached, "hit");
  }
  // what does not exist is answered 404 with its route's not-found page (a path no route takes:
  // the site's), rendered once and shared, so it reads without scripts and costs no render
  const missing = known ? missingRoute($app, path, query) : ANY_ROUTE;
  if (missing) {
    // every made-up slug of a route shares one rendering of its not-found page
    const renderUrl = known ? url : NOT_FOUND_URL;
    return serveFrom(
      e,
      renderUrl,
      `${MISSING + missing}#${currency}`,
      shellAs(404),
      () => renderEntry(e, renderUrl, path, shell, null, currency),
      headed({ rendered: true }),
      (key, entry) => s.set(key, entry),
      // what exists is checked on every request: a route's not-found page itself seldom changes
      STALE_MS,
    );
  }
  return serveFrom(
    e,
    url,
    PREFIX + key,
    shellAs(200),
    () => renderEntry(e, url, path, shell, transform, currency),
    (x) => x,
    remember,
  );
}

/**
 * The stored page at `key` (fresh, or stale while one request renders it again), the one
 * render under way, or the shell (`shellFallback(why)`). `render` makes an entry, `keep(key, entry)`
 * stores it, `show` turns an entry into what this request is sent.
 */
function serveFrom(e, url, key, shellFallback, render, show, keep, freshMs) {
  const s = store();
  const cached = s.get(key);
  const freshFor = freshMs || FRESH_MS;
  const age = cached ? Date.now() - cached.at : Infinity;
  if (age < freshFor) return pageResponse(e, show(cached), "hit");
  const usable = age < STALE_MS;

  if (rendererDown()) return usable ? pageResponse(e, show(cached), "stale") : shellFallback("down");
  seam.hold("ssr-claim");
  if (!claim(key)) {
    if (usable) return pageResponse(e, show(cached), "stale");
    // another request is rendering a page nobody has yet: it is usually a few ms away
    for (let waited = 0; waited < FIRST_WAIT_MS; waited += POLL_MS) {
      sleep(POLL_MS);
      const got = s.get(key);
      if (got && Date.now() - got.at < STALE_MS) return pageResponse(e, show(got), "wait");
      if (rendererDown()) break;
    }
    return shellFallback("busy");
  }
  try {
    // a request that rendered it between our look and our claim has left it: serve that
    const now = s.get(key);
    if (now && Date.now() - now.at < freshFor) return pageResponse(e, show(now), "hit");
    const entry = render();
    keep(key, entry);
    return pageResponse(e, show(entry), "miss");
  } catch (err) {
    if (connectionFailed(err)) markDown(url, err);
    else
      $app
        .logger()
        .warn("server render failed; serving the app shell or the stored page", "url", url, "error", String(err));
    return usable ? pageResponse(e, show(cached), "stale") : shellFallback("down");
  } finally {
    release(key);
  }
}

module.exports = { servePage, rendererBase };
