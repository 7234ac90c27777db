/// <reference path="../pb_data/types.d.ts" />
// analytics_consents: each answer to the analytics consent banner (shown only when
// ANALYTICS_SCRIPT_URL is set): the choice, the version of the banner's text and the time.
// No address or account is stored; `visitor` is a random id the browser keeps with its
// choice, so a changed choice can be told from a new visitor. Written by
// POST /api/atelier/analytics-consent only; superusers read it in the admin UI.
migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "analytics_consents",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: "select",
            name: "choice",
            values: ["accepted", "refused"],
            maxSelect: 1,
            required: true,
            help: "What the visitor answered.",
          },
          {
            type: "text",
            name: "text_version",
            required: true,
            max: 40,
            pattern: "^[a-z0-9][a-z0-9._-]*$",
            help: "Version of the banner text the visitor was shown.",
          },
          {
            type: "text",
            name: "visitor",
            max: 64,
            pattern: "^[A-Za-z0-9_-]{8,64}$",
            help: "Random id the visitor's browser keeps with its choice (not linked to an account).",
          },
          { type: "autodate", name: "created", onCreate: true, onUpdate: false },
          { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
        ],
        indexes: ["CREATE INDEX `idx_analytics_consents_created` ON `analytics_consents` (`created`)"],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("analytics_consents"));
  },
);
