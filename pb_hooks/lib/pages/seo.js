// Per-page head tags in the served HTML (title, description, canonical, Open Graph,
// Twitter, JSON-LD) so shared links and crawlers see the page without running the app.
// The app replaces every data-default-head tag with its own head on start. CommonJS.

const { Collections, COURSE_SLUG, DEFAULT_DESCRIPTION } = require(`${__hooks}/lib/contract.gen.js`);

const DROP_TITLE_MAX = 60;
const DEFAULT_DROP = "print-drop";

const { escapeHtml: esc } = require(`${__hooks}/lib/http/html.js`);
const { artistName, siteSettings: settings } = require(`${__hooks}/lib/site/settings.js`);
const { siteUrl: site, fileUrl: fileUrlOf } = require(`${__hooks}/lib/site/urls.js`);
const { isAppPath } = require(`${__hooks}/lib/pages/app-routes.js`);

/** A share image: the 1600 px thumb. */
function fileUrl(rec, field) {
  return fileUrlOf(rec, field, "1600x0");
}

function first(app, collection, filter, sort, params) {
  const rows = app.findRecordsByFilter(collection, filter, sort, 1, 0, params || {});
  return rows.length ? rows[0] : null;
}

function plain(html, max) {
  const s = String(html || "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return max && s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

function isoDate(rec, field) {
  const d = rec.getDateTime(field);
  return d.isZero() ? "" : new Date(d.string().replace(" ", "T")).toISOString();
}

function printOffer(print, url) {
  const available = print.getInt("available");
  return {
    "@type": "Offer",
    url: url,
    price: (print.getInt("price_cents_eur") || print.getInt("price_cents")) / 100,
    priceCurrency: "EUR",
    availability: available > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
  };
}

function productLd(print, url, artist) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: print.getString("title"),
    description: plain(print.getString("description"), 500),
    image: fileUrl(print, "main_image") || undefined,
    sku: print.getString("slug"),
    brand: { "@type": "Brand", name: artist },
    offers: printOffer(print, url),
  };
}

/** Head data for a path: {title?, description, image, type, jsonLd[], robots?}. */
function pageMeta(app, path, query, artist) {
  const url = site() + path;
  const seg = path.replace(/\/+$/, "").split("/").filter(Boolean);
  const route = `/${seg.join("/")}`;
  const fixed = {
    artworks: "Artworks",
    about: "About",
    news: "News",
    contact: "Contact",
    "print-editions": "Print Editions",
    auth: "Sign In",
    "my-courses": "My Courses",
  };

  if (seg.length === 0)
    return { type: "website", description: DEFAULT_DESCRIPTION, image: fileUrl(settings(app), "hero_image") };

  // a path no page of the app has: the site's not-found page (lib/pages/ssr.js), not to list
  if (!isAppPath(route)) return { title: "Page not found", description: DEFAULT_DESCRIPTION, robots: "noindex" };

  // a form's result page (lib/http/form-post.js) answers one visitor: nothing to list
  if (seg[0] === "result") return { description: DEFAULT_DESCRIPTION, robots: "noindex" };

  if (route === "/artworks") {
    const works = app.findRecordsByFilter(Collections.Artworks, "", "-year,sort_order", 100, 0, {});
    return {
      title: "Artworks",
      description: `Paintings by ${artist}: narrative, theatrical works made with crafted props and materials.`,
      image: works.length ? fileUrl(works[0], "main_image") : "",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: `Artworks by ${artist}`,
          itemListElement: works.map((w, i) => ({
            "@type": "ListItem",
            position: i + 1,
            item: {
              "@type": "VisualArtwork",
              name: w.getString("title"),
              url: `${site()}/viewing-room?artwork=${encodeURIComponent(w.getString("slug"))}`,
              image: fileUrl(w, "main_image") || undefined,
              artMedium: w.getString("medium") || undefined,
              dateCreated: w.getInt("year") ? String(w.getInt("year")) : undefined,
              size: w.getString("dimensions") || undefined,
              creator: { "@type": "Person", name: artist },
            },
          })),
        },
      ],
    };
  }

  if (seg.length === 2 && seg[0] === "news") {
    const post = first(app, Collections.NewsPosts, "slug = {:s} && is_published = true", "", { s: seg[1] });
    if (!post) return { title: "Article Not Found", description: DEFAULT_DESCRIPTION, robots: "noindex" };
    const image = fileUrl(post, "cover_image");
    return {
      title: post.getString("title"),
      description: plain(post.getString("excerpt") || post.getString("content"), 300),
      image: image,
      type: "article",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.getString("title"),
          description: plain(post.getString("excerpt"), 300) || undefined,
          image: image || undefined,
          datePublished: isoDate(post, "published_at") || undefined,
          dateModified: isoDate(post, "updated") || undefined,
          author: { "@type": "Person", name: artist },
          mainEntityOfPage: url,
          url: url,
        },
      ],
    };
  }

  if (seg.length === 1 && seg[0] === "print-view") {
    const slug = query.get("print");
    const asked = slug ? first(app, Collections.Prints, "slug = {:s} && is_active = true", "", { s: slug }) : null;
    // a print that is not for sale (retired, mistyped): the page shows another one, as a 404
    if (slug && !asked)
      return { title: "That print is no longer available", description: DEFAULT_DESCRIPTION, robots: "noindex" };
    const print = asked || first(app, Collections.Prints, "is_active = true", "sort_order", {});
    if (!print) return { title: "Print", description: DEFAULT_DESCRIPTION };
    const canonical = `${site()}/print-view?print=${encodeURIComponent(print.getString("slug"))}`;
    return {
      title: print.getString("title"),
      description: plain(print.getString("description"), 300),
      image: fileUrl(print, "main_image"),
      type: "product",
      canonical: canonical,
      jsonLd: [productLd(print, canonical, artist)],
    };
  }

  if (seg[0] === "drop" && seg.length <= 2) {
    const drop = first(app, Collections.Drops, "slug = {:s}", "", { s: seg[1] || DEFAULT_DROP });
    // /drop/<a slug that names no drop> is the app's 404 page
    if (!drop && seg[1]) return { title: "Page not found", description: DEFAULT_DESCRIPTION, robots: "noindex" };
    if (!drop) return { title: "Print Drop", description: DEFAULT_DESCRIPTION };
    const title = drop.getString("title").slice(0, DROP_TITLE_MAX);
    let print = null;
    if (drop.getString("print_id")) {
      try {
        print = app.findRecordById(Collections.Prints, drop.getString("print_id"));
      } catch (_) {
        print = null;
      }
    }
    const meta = {
      title: title,
      description: plain(drop.getString("description"), 300) || DEFAULT_DESCRIPTION,
      image: print ? fileUrl(print, "main_image") : "",
      type: "product",
    };
    if (print) {
      const ld = productLd(print, url, artist);
      const release = isoDate(drop, "release_at");
      if (release) {
        ld.releaseDate = release;
        ld.offers.availabilityStarts = release;
      }
      meta.jsonLd = [ld];
    }
    return meta;
  }

  if (seg.length === 1 && seg[0] === COURSE_SLUG) {
    const course = first(app, Collections.Courses, "slug = {:s} && is_published = true", "", { s: COURSE_SLUG });
    if (!course) return { title: "The Whispering Game", description: DEFAULT_DESCRIPTION };
    const image = fileUrl(course, "cover_image");
    const price = course.getInt("price_cents") / 100;
    return {
      title: course.getString("title"),
      description: plain(course.getString("description"), 300),
      image: image,
      type: "product",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Product",
          name: course.getString("title"),
          description: plain(course.getString("description"), 500),
          image: image || undefined,
          category: "Online video course",
          brand: { "@type": "Brand", name: artist },
          offers: {
            "@type": "Offer",
            url: url,
            price: price,
            priceCurrency: (course.getString("currency") || "usd").toUpperCase(),
            availability: "https://schema.org/InStock",
          },
        },
      ],
    };
  }

  if (seg.length === 2 && route.startsWith("/exhibitions/")) {
    const ex = first(app, Collections.Exhibitions, "slug = {:s}", "", { s: seg[1] });
    if (!ex) return { description: DEFAULT_DESCRIPTION, robots: "noindex" };
    const venue = [ex.getString("venue"), ex.getString("city")].filter(Boolean).join(", ");
    return {
      title: ex.getString("title"),
      description: plain(ex.getString("description"), 300),
      image: fileUrl(ex, "image"),
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "ExhibitionEvent",
          name: ex.getString("title"),
          description: plain(ex.getString("description"), 500),
          startDate: isoDate(ex, "opens_at") || undefined,
          endDate: isoDate(ex, "closes_at") || undefined,
          location: venue
            ? { "@type": "Place", name: ex.getString("venue"), address: ex.getString("city") }
            : undefined,
          image: fileUrl(ex, "image") || undefined,
          url: url,
        },
      ],
    };
  }

  if (seg.length === 1 && seg[0] === "viewing-room") {
    return { title: "Viewing Room", description: `The private online viewing room of ${artist}.` };
  }

  if (seg.length === 1 && fixed[seg[0]]) return { title: fixed[seg[0]], description: DEFAULT_DESCRIPTION };

  if (seg.length === 1) {
    const p = first(app, Collections.Pages, "slug = {:s} && is_published = true", "", { s: seg[0] });
    if (p) return { title: p.getString("title"), description: plain(p.getString("body"), 300) || DEFAULT_DESCRIPTION };
  }
  return { description: DEFAULT_DESCRIPTION };
}

function jsonLdScript(obj) {
  // "<" escaped so content can never close the script element
  return `<script type="application/ld+json" data-default-head>${JSON.stringify(obj).replace(/</g, "\\u003c")}</script>`;
}

/**
 * Builds the head tags for a path. A server-rendered page (`rendered`) carries its own image
 * preloads, written by React from the page's <img> elements; the table below is for the shell.
 */
function headTags(app, path, query, rendered) {
  const artist = artistName(app);
  const meta = pageMeta(app, path, query, artist);
  const title = meta.title ? `${meta.title} | ${artist}` : `${artist} — Contemporary Artist`;
  const canonical = meta.canonical || site() + (path === "/" ? "/" : path.replace(/\/+$/, ""));
  const tags = [
    `<title data-default-head>${esc(title)}</title>`,
    `<meta data-default-head name="description" content="${esc(meta.description)}" />`,
    `<meta data-default-head name="author" content="${esc(artist)}" />`,
    `<meta data-default-head name="robots" content="${esc(meta.robots || "index, follow")}" />`,
    `<link data-default-head rel="canonical" href="${esc(canonical)}" />`,
    `<meta data-default-head property="og:site_name" content="${esc(artist)}" />`,
    `<meta data-default-head property="og:type" content="${esc(meta.type || "website")}" />`,
    `<meta data-default-head property="og:url" content="${esc(canonical)}" />`,
    `<meta data-default-head property="og:title" content="${esc(title)}" />`,
    `<meta data-default-head property="og:description" content="${esc(meta.description)}" />`,
    `<meta data-default-head name="twitter:card" content="summary_large_image" />`,
    `<meta data-default-head name="twitter:title" content="${esc(title)}" />`,
    `<meta data-default-head name="twitter:description" content="${esc(meta.description)}" />`,
  ];
  if (meta.image) {
    tags.push(`<meta data-default-head property="og:image" content="${esc(meta.image)}" />`);
    tags.push(`<meta data-default-head name="twitter:image" content="${esc(meta.image)}" />`);
  }
  for (const ld of meta.jsonLd || []) tags.push(jsonLdScript(ld));
  const preload = rendered ? "" : lcpPreload(app, path);
  if (preload) tags.push(preload);
  return tags.join("\n    ");
}

// Each must match the client's <img> (src/lib/pocketbase/files.ts imageSource, and the
// component's sizes) so the browser reuses this response for the page's LCP image.
const THUMB_WIDTHS = require(`${__hooks}/lib/contract.gen.js`).IMAGE_THUMB_WIDTHS;
const LCP_IMAGES = {
  // src/features/site/api/hero-image.ts
  "/": {
    collection: Collections.SiteSettings,
    filter: "key = 'main'",
    sort: "",
    field: "hero_image",
    width: 1600,
    sizes: "(min-width: 1216px) 1216px, 100vw",
  },
  // src/features/portfolio/components/ArtworkGrid.tsx (first card, newest year first)
  "/artworks": {
    collection: Collections.Artworks,
    filter: "",
    sort: "-year,sort_order",
    field: "main_image",
    width: 800,
    sizes: "(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 400px",
  },
};

/** [[width, file], …] of an image's WebP copies, or [] (image_variant_map, as the PWA reads it). */
function webpCopies(record, name) {
  if (!record.collection().fields.getByName("image_variant_map")) return [];
  const entry = require(`${__hooks}/lib/records/json.js`).jsonField(record, "image_variant_map")?.[name];
  const webp = entry && Array.isArray(entry.webp) ? entry.webp : [];
  return webp.filter((pair) => Array.isArray(pair) && pair[0] > 0 && typeof pair[1] === "string" && pair[1]);
}

/** <link rel=preload> for a page's LCP image, so it starts with the HTML, not after the data. */
function lcpPreload(app, path) {
  const spec = LCP_IMAGES[path];
  if (!spec) return "";
  const [record] = app.findRecordsByFilter(spec.collection, spec.filter || "1=1", spec.sort, 1, 0, {});
  const name = record ? record.getString(spec.field) : "";
  if (!name) return "";
  const dir = `/api/files/${record.collection().name}/${record.id}/`;
  // the WebP copies when the server has made them (pb_hooks/lib/pages/image-variants.js): the
  // picture's first source, which the browser takes
  const webp = webpCopies(record, name);
  if (webp.length) {
    const srcset = webp.map((pair) => `${dir}${encodeURIComponent(pair[1])} ${pair[0]}w`).join(", ");
    const href = `${dir}${encodeURIComponent(webp[0][1])}`;
    return `<link data-default-head rel="preload" as="image" type="image/webp" href="${esc(href)}" imagesrcset="${esc(srcset)}" imagesizes="${esc(spec.sizes)}" fetchpriority="high" />`;
  }
  const base = `${dir}${encodeURIComponent(name)}?thumb=`;
  const srcset = THUMB_WIDTHS.map((w) => `${base}${w}x0 ${w}w`).join(", ");
  return `<link data-default-head rel="preload" as="image" href="${esc(`${base}${spec.width}x0`)}" imagesrcset="${esc(srcset)}" imagesizes="${esc(spec.sizes)}" fetchpriority="high" />`;
}

/** spa.serve transform: swaps the static default head tags for the page's own. */
function transform(html, path, e, opts) {
  // only a shell that marks its default head (index.html) gets the page's own
  if (html.indexOf("data-default-head") === -1 || !/<\/head>/i.test(html)) return html;
  try {
    const tags = headTags($app, path || "/", e.request.url.query(), !!opts?.rendered);
    const stripped = html
      .replace(/<title\b[^>]*data-default-head[^>]*>[\s\S]*?<\/title>\s*/gi, "")
      .replace(/<(meta|link)\b[^>]*data-default-head[^>]*>\s*/gi, "");
    // Spliced by index: a replacement string would read "$`", "$&", "$'" in a path as patterns.
    const at = stripped.search(/<\/head>/i);
    return `${stripped.slice(0, at)}    ${tags}\n  ${stripped.slice(at)}`;
  } catch (err) {
    $app.logger().error("seo head failed", "path", path, "error", String(err));
    return html;
  }
}

function xmlEsc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function lastmod(rec) {
  const d = rec.getDateTime("updated");
  return d.isZero() ? "" : d.string().slice(0, 10);
}

/** sitemap.xml of every public, indexable page. */
function sitemap(app) {
  const base = site();
  const urls = [];
  const add = (path, rec) => urls.push({ loc: base + path, lastmod: rec ? lastmod(rec) : "" });
  for (const p of ["/", "/artworks", "/print-editions", "/about", "/news", "/contact", `/${COURSE_SLUG}`]) add(p);
  for (const r of app.findRecordsByFilter(Collections.NewsPosts, "is_published = true", "-published_at", 1000, 0, {}))
    add(`/news/${encodeURIComponent(r.getString("slug"))}`, r);
  for (const r of app.findRecordsByFilter(Collections.Prints, "is_active = true", "sort_order", 1000, 0, {}))
    add(`/print-view?print=${encodeURIComponent(r.getString("slug"))}`, r);
  for (const r of app.findRecordsByFilter(Collections.Drops, "", "-release_at", 1000, 0, {}))
    add(`/drop/${encodeURIComponent(r.getString("slug"))}`, r);
  for (const r of app.findRecordsByFilter(Collections.Exhibitions, "", "-opens_at", 1000, 0, {}))
    add(`/exhibitions/${encodeURIComponent(r.getString("slug"))}`, r);
  for (const r of app.findRecordsByFilter(Collections.Pages, "is_published = true", "slug", 1000, 0, {}))
    add(`/${encodeURIComponent(r.getString("slug"))}`, r);
  const body = urls
    .map((u) => `  <url><loc>${xmlEsc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function robots() {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /_/",
    "Disallow: /viewing-room",
    "Disallow: /payment-success",
    "Disallow: /payment-canceled",
    "Disallow: /auth",
    "Disallow: /my-courses",
    "Disallow: /course/",
    "Disallow: /admin/",
    "",
    `Sitemap: ${site()}/sitemap.xml`,
    "",
  ].join("\n");
}

module.exports = { transform, sitemap, robots };
