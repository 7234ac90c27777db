// Static file and SPA-shell serving for dist/. CommonJS; required inside handlers.

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

/** The SPA shell, with an optional transform of its HTML (used for per-page head tags). */
function shellHtml(transform) {
  const html = toString($os.readFile(`${publicDir()}/index.html`));
  return transform ? transform(html) : html;
}

function serve(e, transform) {
  const dir = publicDir();
  let name = decodeURIComponent(e.request.pathValue("path") || "").replace(/^\/+/, "");
  if (name.split("/").indexOf("..") !== -1) throw new NotFoundError("Not found.");

  if (name && isFile(dir, name)) {
    e.response.header().set("Cache-Control", cacheControlFor(name));
    return e.fileFS($os.dirFS(dir), name);
  }

  // A missing asset must be a real 404: answering index.html would poison caches.
  const last = name.split("/").pop() || "";
  if (name.startsWith("assets/") || /\.[a-z0-9]{2,5}$/i.test(last)) {
    throw new NotFoundError("Not found.");
  }

  let html;
  try {
    html = shellHtml(transform ? (h) => transform(h, "/" + name, e) : null);
  } catch (err) {
    return e.string(503, "The site has not been built yet. Run `npm run build` (npm start does it for you).");
  }
  e.response.header().set("Cache-Control", "no-cache");
  return e.html(200, html);
}

module.exports = { serve, shellHtml, publicDir };
