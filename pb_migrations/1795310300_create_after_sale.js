/// <reference path="../pb_data/types.d.ts" />
// After the sale: shipping and refunds on orders, the buyer's private order page (a secret per
// order), certificates of authenticity (prints) and of completion (course), the artist's
// signature for them, a print's medium, copies that come back, and the live edition count
// (print_stock: one tiny public record per print, so a change reaches every open page through
// PocketBase's realtime without a per-subscriber rule query).
const ORDER_STATUSES = [
  "pending",
  "paid",
  "shipped",
  "delivered",
  "refund_requested",
  "expired",
  "failed",
  "canceled",
  "needs_refund",
  "refunded",
  "amount_mismatch",
];
const OLD_ORDER_STATUSES = [
  "pending",
  "paid",
  "expired",
  "failed",
  "canceled",
  "needs_refund",
  "refunded",
  "amount_mismatch",
];
const ORDER_STATUS_HELP =
  "paid: to pack; shipped: set when it leaves (carrier, tracking first; buyer mailed once); delivered: arrived (mailed once); refund_requested: server refunds it in full through Stripe; refunded: done (certificates void, course access ends); needs_refund/amount_mismatch: see problem.";
const OLD_ORDER_STATUS_HELP =
  "pending: checkout open; paid: fulfilled; expired/canceled/failed: stock released; needs_refund: paid, cannot be fulfilled (see problem), refund it in Stripe; refunded: refunded through Stripe; amount_mismatch: Stripe charged another amount, nothing fulfilled.";

const ORDER_FIELDS = [
  new TextField({ name: "carrier", max: 100, help: "Shipping carrier (e.g. PostNord, DHL). Shown to the buyer." }),
  new TextField({ name: "tracking_number", max: 100, help: "Tracking number. Shown to the buyer." }),
  new URLField({
    name: "tracking_url",
    help: "Tracking link (https). The shipped mail and the order page link to it.",
  }),
  new DateField({ name: "shipped_at", help: "Set by the server when the status became shipped." }),
  new DateField({ name: "delivered_at", help: "Set by the server when the status became delivered." }),
  new DateField({ name: "shipped_email_sent_at", help: "Set by the server: the shipped mail went out." }),
  new DateField({ name: "delivered_email_sent_at", help: "Set by the server: the delivered mail went out." }),
  new NumberField({
    name: "amount_refunded",
    min: 0,
    onlyInt: true,
    help: "Kept by the server from Stripe: cents refunded so far (a partial refund keeps the order's status).",
  }),
  new NumberField({
    name: "refund_mailed_amount",
    min: 0,
    onlyInt: true,
    hidden: true,
    help: "Kept by the server: the refunded amount buyer and artist were last mailed about.",
  }),
  new DateField({ name: "disputed_at", help: "Set by the server when the buyer's bank opened a dispute." }),
  new TextField({
    name: "dispute",
    max: 500,
    help: "Set by the server: the dispute's id, reason and amount. Answer it in the Stripe dashboard.",
  }),
  new BoolField({
    name: "copies_returned",
    help: "Refunded print orders only: tick it when the prints came back to the studio. Only then do the copies return to the edition (their numbers are sold again).",
  }),
  new DateField({ name: "returned_at", help: "Set by the server when the copies went back to the edition." }),
  new TextField({
    name: "access_secret",
    max: 64,
    hidden: true,
    help: "Signs the buyer's private order-page link. Clearing it makes the server issue a new one (old links stop working).",
  }),
];

// Per client address: the public certificate check and the buyer's order page (codes and links
// are unguessable; the limits keep anyone from trying).
const RATE_RULES = [
  { label: "GET /verify/", audience: "", duration: 60, maxRequests: 30 },
  { label: "GET /api/atelier/order/", audience: "", duration: 60, maxRequests: 60 },
];
const RATE_LABELS = RATE_RULES.map((r) => r.label);
const plainRules = (s) => JSON.parse(JSON.stringify(s.rateLimits.rules));

migrate(
  (app) => {
    const s = app.settings();
    unmarshal(
      { rateLimits: { rules: RATE_RULES.concat(plainRules(s).filter((r) => !RATE_LABELS.includes(r.label))) } },
      s,
    );
    app.save(s);

    const orders = app.findCollectionByNameOrId("orders");
    const status = orders.fields.getByName("status");
    status.values = ORDER_STATUSES;
    status.help = ORDER_STATUS_HELP;
    for (const f of ORDER_FIELDS) orders.fields.add(f);
    orders.indexes = [
      ...orders.indexes,
      "CREATE INDEX `idx_orders_payment_intent` ON `orders` (`stripe_payment_intent`)",
    ];
    app.save(orders);

    const holds = app.findCollectionByNameOrId("stock_holds");
    const holdStatus = holds.fields.getByName("status");
    holdStatus.values = ["open", "consumed", "released", "returned"];
    app.save(holds);

    const prints = app.findCollectionByNameOrId("prints");
    prints.fields.add(
      new TextField({
        name: "medium",
        max: 200,
        help: 'Printed on each certificate of authenticity, e.g. "Giclée print on archival cotton paper".',
      }),
    );
    app.save(prints);
    app
      .db()
      .newQuery("UPDATE prints SET medium = 'Giclée print on archival paper' WHERE medium = '' OR medium IS NULL")
      .execute();

    const settings = app.findCollectionByNameOrId("site_settings");
    settings.fields.add(
      new FileField({
        name: "signature",
        maxSelect: 1,
        maxSize: 5242880,
        mimeTypes: ["image/png", "image/jpeg", "image/webp"],
        thumbs: [],
        help: "Your signature for certificates (a PNG with a transparent or white background, dark ink, about 1200 px wide). Certificates made afterwards carry it.",
      }),
    );
    app.save(settings);

    const users = app.findCollectionByNameOrId("users");
    const courses = app.findCollectionByNameOrId("courses");
    app.save(
      new Collection({
        type: "base",
        name: "certificates",
        // learners read their own completion certificates (and, with a file token, the PDF);
        // print certificates are reached through the buyer's order link (a hook), never the API
        listRule: '@request.auth.id != "" && kind = "course" && user_id = @request.auth.id',
        viewRule: '@request.auth.id != "" && kind = "course" && user_id = @request.auth.id',
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "text",
            name: "code",
            required: true,
            min: 12,
            max: 12,
            pattern: "^[0-9A-HJKMNP-TV-Z]{12}$",
            presentable: true,
            help: "Verification code (shown as XXXX-XXXX-XXXX; checked at /verify/<code>). Made by the server.",
          },
          {
            type: "select",
            name: "kind",
            values: ["print", "course"],
            maxSelect: 1,
            required: true,
            help: "print: authenticity of a sold copy; course: completion.",
          },
          {
            type: "select",
            name: "status",
            values: ["valid", "void"],
            maxSelect: 1,
            required: true,
            help: "void: the order was refunded (or the course refunded); /verify says so.",
          },
          { type: "relation", name: "order_id", collectionId: orders.id, maxSelect: 1, help: "The order (prints)." },
          { type: "relation", name: "print_id", collectionId: prints.id, maxSelect: 1, help: "The print (prints)." },
          { type: "number", name: "edition_number", onlyInt: true, min: 0, help: "This copy's number (prints)." },
          {
            type: "number",
            name: "edition_size",
            onlyInt: true,
            min: 0,
            help: "The edition's size when sold (prints).",
          },
          {
            type: "relation",
            name: "course_id",
            collectionId: courses.id,
            maxSelect: 1,
            help: "The course (completion).",
          },
          {
            type: "relation",
            name: "user_id",
            collectionId: users.id,
            maxSelect: 1,
            help: "The learner (completion).",
          },
          { type: "text", name: "holder_name", max: 200, help: "The learner's name as printed (completion)." },
          { type: "text", name: "title", max: 300, help: "Print or course title as printed." },
          { type: "text", name: "medium", max: 200, help: "Medium as printed (prints)." },
          { type: "text", name: "size", max: 100, help: "Size as printed (prints)." },
          { type: "date", name: "issued_at", required: true, help: "Date of sale (prints) or of completion (course)." },
          { type: "date", name: "voided_at", help: "When it became void." },
          { type: "text", name: "void_reason", max: 300, help: "Why it is void." },
          {
            type: "file",
            name: "file",
            maxSelect: 1,
            maxSize: 10485760,
            mimeTypes: ["application/pdf"],
            thumbs: [],
            protected: true,
            help: "The certificate PDF, made by the server (again within a minute if it is missing).",
          },
          { type: "autodate", name: "created", onCreate: true, onUpdate: false },
          { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_certificates_code` ON `certificates` (`code`)",
          "CREATE UNIQUE INDEX `idx_certificates_copy` ON `certificates` (`order_id`, `print_id`, `edition_number`) WHERE `kind` = 'print'",
          "CREATE UNIQUE INDEX `idx_certificates_completion` ON `certificates` (`user_id`, `course_id`) WHERE `kind` = 'course' AND `status` = 'valid'",
          "CREATE INDEX `idx_certificates_order` ON `certificates` (`order_id`)",
          "CREATE INDEX `idx_certificates_file` ON `certificates` (`file`)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "print_stock",
        // public numbers, no rule query per realtime subscriber (docs/architecture.md, live count)
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "number",
            name: "available",
            onlyInt: true,
            min: 0,
            help: "Kept by the server: copies a buyer can still get (the record's id is the print's).",
          },
          { type: "number", name: "edition_size", onlyInt: true, min: 0, help: "Kept by the server." },
          { type: "autodate", name: "created", onCreate: true, onUpdate: false },
          { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
        ],
      }),
    );
    // one row per print, as the stock code keeps them from now on
    app
      .db()
      .newQuery(
        "INSERT INTO print_stock (id, available, edition_size, created, updated) SELECT id, available, edition_size, strftime('%Y-%m-%d %H:%M:%fZ', 'now'), strftime('%Y-%m-%d %H:%M:%fZ', 'now') FROM prints",
      )
      .execute();
  },
  (app) => {
    const s = app.settings();
    unmarshal({ rateLimits: { rules: plainRules(s).filter((r) => !RATE_LABELS.includes(r.label)) } }, s);
    app.save(s);
    app.delete(app.findCollectionByNameOrId("print_stock"));
    app.delete(app.findCollectionByNameOrId("certificates"));
    const settings = app.findCollectionByNameOrId("site_settings");
    settings.fields.removeByName("signature");
    app.save(settings);
    const prints = app.findCollectionByNameOrId("prints");
    prints.fields.removeByName("medium");
    app.save(prints);
    const holds = app.findCollectionByNameOrId("stock_holds");
    holds.fields.getByName("status").values = ["open", "consumed", "released"];
    app.save(holds);
    const orders = app.findCollectionByNameOrId("orders");
    for (const f of ORDER_FIELDS) orders.fields.removeByName(f.name);
    orders.indexes = orders.indexes.filter((i) => !i.includes("idx_orders_payment_intent"));
    const status = orders.fields.getByName("status");
    status.values = OLD_ORDER_STATUSES;
    status.help = OLD_ORDER_STATUS_HELP;
    app.save(orders);
  },
);
