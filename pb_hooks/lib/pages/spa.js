// Static files of dist/, and pages: server-rendered for public routes (lib/pages/ssr.js), else the
// app shell. CommonJS; required inside handlers.

function publicDir() {
  return $os.getenv("ATELIER_PUBLIC_DIR") || `${__hooks}/../dist`;
}

// Hashed build output never changes; everything else must revalidate so a new
// deploy (and a new service worker) is picked up.
function cacheControlFor(name) {
  if (name.startsWith("assets/")) return "public, max-age=31536000, immutable";
  if (name === "sw.js" || name.endsWith(".webmanifest") || name.endsWith(".html")) return "no-cache";
  return "public, max-age=3600";
}

function isFile(dir, name) {
  try {
    return !$os.stat(`${dir}/${name}`).isDir();
  } catch (_) {
    return false;
  }
}

const ASSET_TYPES = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" };

/**
 * Serves the build's .br/.gz sibling of a hashed asset when the client accepts it (`name` in
 * `dir`; `urlPath` the path asked for when it differs).
 * Returns true when it answered (e.blob returns null on success, so report it ourselves).
 */
function servePrecompressed(e, dir, name, urlPath) {
  const ext = name.split(".").pop();
  if (!(urlPath || name).startsWith("assets/") || !ASSET_TYPES[ext]) return false;
  const accept = e.request.header.get("Accept-Encoding") || "";
  for (const [token, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ]) {
    if (accept.indexOf(token) === -1 || !isFile(dir, name + suffix)) continue;
    const h = e.response.header();
    h.set("Content-Encoding", token);
    h.set("Vary", "Accept-Encoding");
    e.blob(200, ASSET_TYPES[ext], $os.readFile(`${dir}/${name}${suffix}`));
    return true;
  }
  return false;
}

/** The SPA shell, with an optional transform of its HTML (used for per-page head tags). */
function shellHtml(transform) {
  const html = toString($os.readFile(`${publicDir()}/index.html`));
  return transform ? transform(html) : html;
}

// The boot script (scripts/vite/boot-after-paint.ts), inline at the top of every page.
const BOOT_SCRIPT = /<script data-boot\b[^>]*>([\s\S]*?)<\/script>/;

/** The CSP hashes of the shell's inline boot script ("sha256-<base64>"; none when it has none). */
function bootHashes(shell) {
  const m = BOOT_SCRIPT.exec(shell);
  if (!m) return [];
  const sh = require(`${__hooks}/lib/http/security-headers.js`);
  return [`sha256-${sh.hexToBase64($security.sha256(m[1]))}`];
}

function serve(e, transform) {
  const dir = publicDir();
  // the whole path (routes for folders of files match on their own prefix); Go has already
  // decoded it, so a malformed %-escape never gets here
  const name = String(e.request.url.path || "").replace(/^\/+/, "");
  if (name.split("/").indexOf("..") !== -1) throw new NotFoundError("Not found.");

  if (name && isFile(dir, name)) {
    e.response.header().set("Cache-Control", cacheControlFor(name));
    // the shell as a file (/index.html, what the service worker keeps) runs the boot script too
    if (name.endsWith(".html"))
      require(`${__hooks}/lib/http/security-headers.js`).app(e, bootHashes(toString($os.readFile(`${dir}/${name}`))));
    if (servePrecompressed(e, dir, name)) return;
    return e.fileFS($os.dirFS(dir), name);
  }

  // A chunk of a previous release, for a tab still running it (kept by start.sh, see
  // deploy/previous-assets.mjs): hashed names never change content, so it is the same file.
  const previous = $os.getenv("ATELIER_PREVIOUS_ASSETS_DIR");
  if (previous && /^assets\/[^/]+$/.test(name) && isFile(previous, name.slice("assets/".length))) {
    const file = name.slice("assets/".length);
    e.response.header().set("Cache-Control", cacheControlFor(name));
    if (servePrecompressed(e, previous, file, name)) return;
    return e.fileFS($os.dirFS(previous), file);
  }

  // A missing asset must be a real 404: answering index.html would poison caches.
  const last = name.split("/").pop() || "";
  if (name.startsWith("assets/") || /\.[a-z0-9]{1,12}$/i.test(last)) {
    throw new NotFoundError("Not found.");
  }

  // one address per page: "/news/a-post/" is "/news/a-post" (only to a path the app has, so the
  // target is never another site's: "/%5Cevil.example/" stays a 404)
  const trimmed = `/${name.replace(/\/+$/, "")}`;
  if (name.endsWith("/") && require(`${__hooks}/lib/pages/app-routes.js`).isAppPath(trimmed)) {
    const raw = String(e.request.url.rawQuery || "");
    return e.redirect(301, `${trimmed}${raw ? `?${raw}` : ""}`);
  }

  let shell;
  try {
    shell = shellHtml(null);
  } catch (_) {
    return e.string(503, "The site has not been built yet. Run `npm run build` (npm start does it for you).");
  }
  // the page runs its boot script inline: the policy allows it by its hash
  require(`${__hooks}/lib/http/security-headers.js`).app(e, bootHashes(shell));
  return require(`${__hooks}/lib/pages/ssr.js`).servePage(e, `/${name}`, shell, transform);
}

module.exports = { serve };
