/// <reference path="../pb_data/types.d.ts" />
// Site and portfolio: site_settings, artworks, news_posts, pages, exhibitions.
// Public content: anyone reads (news and pages only when published); only superusers
// (the artist in the admin UI) write.
const SLUG = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
const IMAGE = {
  type: "file",
  maxSelect: 1,
  maxSize: 20971520,
  mimeTypes: ["image/jpeg", "image/png", "image/webp", "image/avif"],
  thumbs: ["400x0", "800x0", "1600x0"],
};
const TIMESTAMPS = [
  { type: "autodate", name: "created", onCreate: true, onUpdate: false },
  { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
];
const slug = (what, example) => ({
  type: "text",
  name: "slug",
  required: true,
  max: 120,
  pattern: SLUG,
  help: `Web address name of the ${what}: lowercase letters, digits and dashes, e.g. "${example}". Must be unique.`,
});
const image = (name, help) => ({ ...IMAGE, name, help });
const alt = (name, what) => ({
  type: "text",
  name,
  max: 300,
  help: `Alternative text describing the ${what} for screen readers and search engines.`,
});

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "site_settings",
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "text",
            name: "key",
            required: true,
            max: 40,
            pattern: "^[a-z0-9_-]+$",
            presentable: true,
            help: 'Always "main": the site reads the record with this key.',
          },
          {
            type: "text",
            name: "artist_name",
            required: true,
            max: 120,
            help: "Shown in the top bar, footer, page titles and emails.",
          },
          {
            type: "text",
            name: "tagline",
            max: 300,
            help: "One line under the artist name, used as the default page description.",
          },
          { type: "editor", name: "bio", help: "Biography on the About page." },
          image("hero_image", "Large image at the top of the home page (landscape, at least 1920 px wide)."),
          alt("hero_image_alt", "hero image"),
          image("portrait", "Portrait of the artist on the About page (portrait format)."),
          alt("portrait_alt", "portrait"),
          {
            type: "json",
            name: "education",
            maxSize: 0,
            help: 'CV education, newest first: [{"year": 2017, "text": "MFA, ..."}].',
          },
          {
            type: "json",
            name: "exhibitions",
            maxSize: 0,
            help: 'CV select exhibitions, newest first: [{"year": 2025, "text": "Title, Gallery, City"}].',
          },
          { type: "email", name: "email", help: "Public contact email shown on the Contact page." },
          { type: "text", name: "studio", max: 200, help: 'E.g. "Studio in Stockholm".' },
          { type: "text", name: "location", max: 200, help: 'E.g. "Stockholm, Sweden" (footer and Contact page).' },
          { type: "text", name: "visits_note", max: 300, help: 'E.g. "Visits by appointment only".' },
          { type: "url", name: "instagram_url", help: "Instagram profile link (footer and Contact page)." },
          { type: "url", name: "youtube_url", help: "YouTube channel link (footer and Contact page)." },
          { type: "url", name: "artist_site_url", help: "The artist's own website, linked from the copyright line." },
          ...TIMESTAMPS,
        ],
        indexes: ["CREATE UNIQUE INDEX `idx_site_settings_key` ON `site_settings` (`key`)"],
      }),
    );

    const detailFields = [];
    for (let i = 1; i <= 5; i++) {
      detailFields.push(image(`detail_image_${i}`, `Detail or installation view ${i} (optional).`));
      detailFields.push(alt(`detail_image_${i}_alt`, `detail image ${i}`));
    }

    app.save(
      new Collection({
        type: "base",
        name: "artworks",
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          slug("artwork", "the-lantern-bearer"),
          { type: "text", name: "title", required: true, max: 200, presentable: true, help: "Title of the work." },
          { type: "text", name: "medium", max: 200, help: 'E.g. "Oil on linen, crafted paper props".' },
          { type: "number", name: "year", onlyInt: true, min: 1900, max: 2100, help: "Year the work was finished." },
          { type: "text", name: "dimensions", max: 120, help: 'E.g. "120 × 90 cm".' },
          { type: "text", name: "description", max: 10000, help: "Text shown in the viewing room." },
          { type: "bool", name: "is_inquirable", help: "Offer the inquiry form for this work in the viewing room." },
          { type: "bool", name: "is_sold", help: "The work is sold." },
          {
            type: "bool",
            name: "is_with_tang_gallery",
            help: "The work is held by the partner gallery (Tang Gallery).",
          },
          image("main_image", "Main image of the work."),
          alt("main_image_alt", "main image"),
          ...detailFields,
          {
            type: "number",
            name: "sort_order",
            onlyInt: true,
            help: "Lower numbers come first (home page, viewing room fallback).",
          },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_artworks_slug` ON `artworks` (`slug`)",
          "CREATE INDEX `idx_artworks_sort_order` ON `artworks` (`sort_order`)",
          "CREATE INDEX `idx_artworks_year` ON `artworks` (`year`)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "news_posts",
        listRule: "is_published = true",
        viewRule: "is_published = true",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          slug("post", "studio-notes-october"),
          { type: "text", name: "title", required: true, max: 200, presentable: true, help: "Headline." },
          {
            type: "text",
            name: "excerpt",
            max: 600,
            help: "One or two sentences shown in the news grid and under the headline.",
          },
          { type: "editor", name: "content", help: "The article." },
          image("cover_image", "Cover image (landscape)."),
          alt("cover_image_alt", "cover image"),
          { type: "date", name: "published_at", help: "Publication date; the newest posts come first." },
          { type: "bool", name: "is_published", help: "Only published posts are visible on the site." },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_news_posts_slug` ON `news_posts` (`slug`)",
          "CREATE INDEX `idx_news_posts_published` ON `news_posts` (`is_published`, `published_at`)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "pages",
        listRule: "is_published = true",
        viewRule: "is_published = true",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          slug("page", "privacy"),
          { type: "text", name: "title", required: true, max: 200, presentable: true, help: "Page title." },
          { type: "editor", name: "body", help: "Page text." },
          { type: "bool", name: "is_published", help: "Only published pages are visible on the site." },
          ...TIMESTAMPS,
        ],
        indexes: ["CREATE UNIQUE INDEX `idx_pages_slug` ON `pages` (`slug`)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "exhibitions",
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          slug("exhibition", "in-the-hollow"),
          { type: "text", name: "title", required: true, max: 200, presentable: true, help: "Exhibition title." },
          { type: "text", name: "artists", max: 300, help: 'Artists in the show, e.g. "Elin Vinter & Jonas Ek".' },
          { type: "text", name: "venue", max: 200, help: "Gallery or venue name." },
          { type: "text", name: "city", max: 120, help: "City of the venue." },
          { type: "date", name: "opens_at", help: "Opening (vernissage) date and time." },
          { type: "date", name: "closes_at", help: "Closing date (optional)." },
          { type: "text", name: "description", max: 10000, help: "Text on the exhibition sign-up page." },
          image("image", "Exhibition image (landscape)."),
          alt("image_alt", "exhibition image"),
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_exhibitions_slug` ON `exhibitions` (`slug`)",
          "CREATE INDEX `idx_exhibitions_opens_at` ON `exhibitions` (`opens_at`)",
        ],
      }),
    );
  },
  (app) => {
    for (const name of ["exhibitions", "pages", "news_posts", "artworks", "site_settings"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
