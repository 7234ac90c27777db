/// <reference path="../pb_data/types.d.ts" />
// Shop: prints, drops, exchange_rates, orders, stock_holds, stripe_events.
// Anyone reads active prints, drops and rates; a signed-in buyer reads only their own
// orders; everything else (stock, holds, Stripe bookkeeping) is server-only.
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
const CURRENCIES = ["eur", "sek", "usd"];
const image = (name, help) => ({ ...IMAGE, name, help });
const alt = (name, what) => ({
  type: "text",
  name,
  max: 300,
  help: `Alternative text describing the ${what} for screen readers and search engines.`,
});
const cents = (name, help, extra) => ({ type: "number", name, onlyInt: true, min: 0, help, ...extra });
const serverOnly = (c) => ({
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  ...c,
});

migrate(
  (app) => {
    const detailFields = [];
    for (let i = 1; i <= 5; i++) {
      detailFields.push(image(`detail_image_${i}`, `Detail image ${i} (optional; the print page shows up to 5).`));
      detailFields.push(alt(`detail_image_${i}_alt`, `detail image ${i}`));
    }
    const prints = new Collection({
      type: "base",
      name: "prints",
      listRule: "is_active = true",
      viewRule: "is_active = true",
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          type: "text",
          name: "slug",
          required: true,
          max: 120,
          pattern: SLUG,
          help: 'Web address name of the print: lowercase letters, digits and dashes, e.g. "the-lantern-bearer-print". Must be unique.',
        },
        {
          type: "text",
          name: "title",
          required: true,
          max: 200,
          presentable: true,
          help: "Title of the print edition.",
        },
        { type: "text", name: "description", max: 10000, help: "Text on the print page." },
        { type: "text", name: "size", max: 120, help: 'Paper size, e.g. "50 × 70 cm".' },
        {
          type: "select",
          name: "currency",
          values: CURRENCIES,
          maxSelect: 1,
          required: true,
          help: "Currency of the base price (price_cents). Keep eur: SEK is converted from EUR.",
        },
        cents(
          "price_cents",
          "Base price in cents of the currency above (EUR), e.g. 24000 = €240. Used for SEK and for any currency without its own price.",
          { required: true },
        ),
        cents("price_cents_eur", "Price in euro cents (optional; 0 = use the base price)."),
        cents("price_cents_usd", "Price in US dollar cents (optional; 0 = converted from the base price)."),
        {
          type: "number",
          name: "edition_size",
          onlyInt: true,
          min: 1,
          required: true,
          help: "Number of prints in the limited edition.",
        },
        {
          type: "number",
          name: "sold",
          onlyInt: true,
          min: 0,
          help: "Kept by the server: prints sold so far. Do not edit by hand.",
        },
        {
          type: "number",
          name: "available",
          onlyInt: true,
          min: 0,
          help: "Kept by the server: edition size minus sold minus prints held in open checkouts.",
        },
        image("main_image", "Main image of the print (portrait)."),
        alt("main_image_alt", "main image"),
        image("cover_image", "Cover image used on the home page teaser and the print list."),
        alt("cover_image_alt", "cover image"),
        ...detailFields,
        { type: "bool", name: "is_active", help: "Only active prints are shown and can be bought." },
        {
          type: "number",
          name: "sort_order",
          onlyInt: true,
          help: "Lower numbers come first; the first active print is featured on the home page.",
        },
        ...TIMESTAMPS,
      ],
      indexes: [
        "CREATE UNIQUE INDEX `idx_prints_slug` ON `prints` (`slug`)",
        "CREATE INDEX `idx_prints_active_sort` ON `prints` (`is_active`, `sort_order`)",
      ],
    });
    app.save(prints);

    app.save(
      new Collection({
        type: "base",
        name: "drops",
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "text",
            name: "slug",
            required: true,
            max: 120,
            pattern: SLUG,
            help: 'Web address name of the drop page (/drop/<slug>), e.g. "print-drop". Must be unique.',
          },
          {
            type: "text",
            name: "title",
            required: true,
            max: 60,
            presentable: true,
            help: "Short headline of the drop (at most 60 characters).",
          },
          { type: "date", name: "release_at", required: true, help: "Release time (UTC); the countdown ends here." },
          {
            type: "relation",
            name: "print_id",
            collectionId: prints.id,
            maxSelect: 1,
            cascadeDelete: false,
            help: "The print sold in this drop.",
          },
          { type: "text", name: "description", max: 5000, help: "Text under the countdown." },
          ...TIMESTAMPS,
        ],
        indexes: ["CREATE UNIQUE INDEX `idx_drops_slug` ON `drops` (`slug`)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "exchange_rates",
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "text",
            name: "base",
            required: true,
            max: 3,
            pattern: "^[A-Z]{3}$",
            help: 'Base currency, always "EUR".',
          },
          {
            type: "select",
            name: "currency",
            values: ["SEK", "USD"],
            maxSelect: 1,
            required: true,
            presentable: true,
            help: "Quoted currency.",
          },
          {
            type: "number",
            name: "rate",
            required: true,
            min: 0,
            help: "Units of the quoted currency per 1 EUR. Refreshed by the server every 30 minutes.",
          },
          { type: "date", name: "fetched_at", help: "When the rate was fetched." },
          { type: "text", name: "source", max: 300, help: 'Where the rate came from (service URL or "fallback").' },
          ...TIMESTAMPS,
        ],
        indexes: ["CREATE UNIQUE INDEX `idx_exchange_rates_currency` ON `exchange_rates` (`currency`)"],
      }),
    );

    const users = app.findCollectionByNameOrId("users");
    const orders = new Collection(
      serverOnly({
        type: "base",
        name: "orders",
        // guest orders have no user_id: never match them against an anonymous request
        listRule: '@request.auth.id != "" && user_id = @request.auth.id',
        viewRule: '@request.auth.id != "" && user_id = @request.auth.id',
        fields: [
          {
            type: "relation",
            name: "user_id",
            collectionId: users.id,
            maxSelect: 1,
            cascadeDelete: false,
            help: "Signed-in buyer (course purchases; empty for guest print orders).",
          },
          { type: "email", name: "email", help: "Buyer's email from checkout." },
          {
            type: "select",
            name: "kind",
            values: ["print", "course"],
            maxSelect: 1,
            required: true,
            help: "What was bought.",
          },
          {
            type: "json",
            name: "items",
            maxSize: 0,
            help: "Line items computed by the server: [{type, id, slug, title, quantity, unit_amount, currency}].",
          },
          {
            type: "select",
            name: "currency",
            values: CURRENCIES,
            maxSelect: 1,
            required: true,
            help: "Currency charged.",
          },
          cents("amount_total", "Total charged, in cents of the currency."),
          {
            type: "select",
            name: "status",
            values: ["pending", "paid", "expired", "failed", "canceled"],
            maxSelect: 1,
            required: true,
            presentable: true,
            help: "pending: checkout open; paid: fulfilled; expired / canceled / failed: stock released.",
          },
          { type: "text", name: "stripe_session_id", max: 255, help: "Stripe Checkout Session id (cs_...)." },
          { type: "text", name: "stripe_payment_intent", max: 255, help: "Stripe PaymentIntent id (pi_...)." },
          { type: "json", name: "shipping", maxSize: 0, help: "Shipping name and address from Stripe." },
          { type: "date", name: "paid_at", help: "When the payment was confirmed." },
          { type: "date", name: "fulfilled_at", help: "When stock was consumed or the course enrolment was made." },
          { type: "date", name: "buyer_email_sent_at", help: "When the confirmation email to the buyer was sent." },
          { type: "date", name: "artist_email_sent_at", help: "When the order notice to the artist was sent." },
          ...TIMESTAMPS,
        ],
        indexes: [
          "CREATE UNIQUE INDEX `idx_orders_stripe_session_id` ON `orders` (`stripe_session_id`) WHERE `stripe_session_id` != ''",
          "CREATE INDEX `idx_orders_user_id` ON `orders` (`user_id`)",
          "CREATE INDEX `idx_orders_status` ON `orders` (`status`, `created`)",
        ],
      }),
    );
    app.save(orders);

    app.save(
      new Collection(
        serverOnly({
          type: "base",
          name: "stock_holds",
          fields: [
            {
              type: "relation",
              name: "print_id",
              collectionId: prints.id,
              maxSelect: 1,
              required: true,
              cascadeDelete: false,
              help: "Print held.",
            },
            {
              type: "relation",
              name: "order_id",
              collectionId: orders.id,
              maxSelect: 1,
              required: true,
              cascadeDelete: false,
              help: "Order (checkout) holding the stock.",
            },
            { type: "number", name: "quantity", onlyInt: true, min: 1, required: true, help: "Number of prints held." },
            {
              type: "select",
              name: "status",
              values: ["open", "consumed", "released"],
              maxSelect: 1,
              required: true,
              presentable: true,
              help: "open: checkout in progress; consumed: paid; released: expired or canceled.",
            },
            { type: "date", name: "expires_at", help: "When an open hold is released if the checkout was not paid." },
            {
              type: "json",
              name: "edition_numbers",
              maxSize: 0,
              help: "Edition numbers assigned when paid, e.g. [3, 4].",
            },
            ...TIMESTAMPS,
          ],
          indexes: [
            "CREATE INDEX `idx_stock_holds_print_status` ON `stock_holds` (`print_id`, `status`)",
            "CREATE INDEX `idx_stock_holds_status_expires` ON `stock_holds` (`status`, `expires_at`)",
            "CREATE INDEX `idx_stock_holds_order_id` ON `stock_holds` (`order_id`)",
          ],
        }),
      ),
    );

    app.save(
      new Collection(
        serverOnly({
          type: "base",
          name: "stripe_events",
          fields: [
            {
              type: "text",
              name: "event_id",
              required: true,
              max: 255,
              presentable: true,
              help: "Stripe event id (evt_...); each event is processed once.",
            },
            { type: "text", name: "type", max: 120, help: "Stripe event type, e.g. checkout.session.completed." },
            { type: "text", name: "session_id", max: 255, help: "Checkout Session id the event is about." },
            { type: "date", name: "processed_at", help: "When the event was processed." },
            ...TIMESTAMPS,
          ],
          indexes: [
            "CREATE UNIQUE INDEX `idx_stripe_events_event_id` ON `stripe_events` (`event_id`)",
            "CREATE INDEX `idx_stripe_events_session_id` ON `stripe_events` (`session_id`)",
          ],
        }),
      ),
    );
  },
  (app) => {
    for (const name of ["stripe_events", "stock_holds", "orders", "exchange_rates", "drops", "prints"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
