/// <reference path="../pb_data/types.d.ts" />
// newsletter_subscribers (with the consent record), contact_messages, mail_log.
// Server-only: the form routes in pb_hooks write them; the artist reads them in the admin UI.

// This migration was first applied under another file name. PocketBase remembers applied
// migrations by file name, so a database migrated then already holds these collections:
// there the old entry is dropped and the runner records this name instead.
const FORMER_NAME = "1795264400_create_voice.js";
const TIMESTAMPS = [
  { type: "autodate", name: "created", onCreate: true, onUpdate: false },
  { type: "autodate", name: "updated", onCreate: true, onUpdate: true },
];
const serverOnly = (c) => ({
  type: "base",
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  ...c,
});

migrate(
  (app) => {
    const forgotten = app
      .db()
      .newQuery("DELETE FROM {{_migrations}} WHERE file = {:file}")
      .bind({ file: FORMER_NAME })
      .execute();
    if (forgotten.rowsAffected() > 0) return;

    app.save(
      new Collection(
        serverOnly({
          name: "newsletter_subscribers",
          fields: [
            {
              type: "email",
              name: "email",
              required: true,
              presentable: true,
              help: "Subscriber's email (stored lowercase; unique).",
            },
            { type: "text", name: "name", max: 200, help: "Name, when given (viewing room, exhibition sign-up)." },
            {
              type: "select",
              name: "status",
              values: ["pending", "confirmed", "unsubscribed"],
              maxSelect: 1,
              required: true,
              help: "pending: confirmation email sent; confirmed: double opt-in done; unsubscribed: receives nothing.",
            },
            {
              type: "text",
              name: "confirm_token",
              max: 128,
              hidden: true,
              help: "Secret token of the confirmation link.",
            },
            {
              type: "text",
              name: "unsubscribe_token",
              max: 128,
              hidden: true,
              help: "Secret token of the unsubscribe link in every email.",
            },
            { type: "date", name: "consent_at", help: "When consent was given." },
            { type: "text", name: "consent_ip", max: 64, help: "IP address the consent came from." },
            {
              type: "select",
              name: "consent_source",
              values: ["footer", "home", "viewing-room", "print-drop", "exhibition"],
              maxSelect: 1,
              help: "Form the consent came from.",
            },
            {
              type: "text",
              name: "consent_context",
              max: 300,
              help: 'Context of the form: "Footer", the artwork title, the drop slug, the exhibition.',
            },
            {
              type: "text",
              name: "consent_text_version",
              max: 40,
              help: "Version of the consent text shown with the form.",
            },
            { type: "date", name: "confirmed_at", help: "When the subscription was confirmed." },
            { type: "date", name: "unsubscribed_at", help: "When the subscriber unsubscribed." },
            ...TIMESTAMPS,
          ],
          indexes: [
            "CREATE UNIQUE INDEX `idx_newsletter_subscribers_email` ON `newsletter_subscribers` (`email` COLLATE NOCASE)",
            "CREATE UNIQUE INDEX `idx_newsletter_subscribers_confirm_token` ON `newsletter_subscribers` (`confirm_token`) WHERE `confirm_token` != ''",
            "CREATE UNIQUE INDEX `idx_newsletter_subscribers_unsubscribe_token` ON `newsletter_subscribers` (`unsubscribe_token`) WHERE `unsubscribe_token` != ''",
            "CREATE INDEX `idx_newsletter_subscribers_status` ON `newsletter_subscribers` (`status`)",
          ],
        }),
      ),
    );

    const artworks = app.findCollectionByNameOrId("artworks");
    app.save(
      new Collection(
        serverOnly({
          name: "contact_messages",
          fields: [
            {
              type: "select",
              name: "kind",
              values: ["contact", "inquiry"],
              maxSelect: 1,
              required: true,
              help: "contact: the contact form; inquiry: an artwork inquiry from the viewing room.",
            },
            { type: "text", name: "name", required: true, max: 200, presentable: true, help: "Sender's name." },
            { type: "email", name: "email", required: true, help: "Sender's email (reply to this)." },
            { type: "text", name: "phone", max: 60, help: "Phone number (inquiries; optional)." },
            { type: "text", name: "subject", max: 300, help: "Subject line." },
            { type: "text", name: "message", required: true, max: 10000, help: "The message." },
            {
              type: "relation",
              name: "artwork_id",
              collectionId: artworks.id,
              maxSelect: 1,
              cascadeDelete: false,
              help: "Artwork asked about (inquiries).",
            },
            {
              type: "text",
              name: "client_id",
              max: 64,
              help: "Idempotency key made by the browser, so a resent form is stored once.",
            },
            { type: "text", name: "ip", max: 64, help: "Sender's IP address." },
            {
              type: "select",
              name: "mail_status",
              values: ["pending", "sent", "failed"],
              maxSelect: 1,
              help: "Whether the notice to the artist was emailed.",
            },
            { type: "text", name: "mail_error", max: 2000, help: "Last mail error, if any." },
            ...TIMESTAMPS,
          ],
          indexes: [
            "CREATE UNIQUE INDEX `idx_contact_messages_client_id` ON `contact_messages` (`client_id`) WHERE `client_id` != ''",
            "CREATE INDEX `idx_contact_messages_created` ON `contact_messages` (`created`)",
          ],
        }),
      ),
    );

    app.save(
      new Collection(
        serverOnly({
          name: "mail_log",
          fields: [
            { type: "text", name: "to", max: 500, presentable: true, help: "Recipient address(es)." },
            { type: "text", name: "subject", max: 500, help: "Subject line." },
            {
              type: "text",
              name: "kind",
              max: 60,
              help: "Template, e.g. order-confirmation, contact-notice, newsletter-confirm.",
            },
            {
              type: "select",
              name: "status",
              values: ["sent", "failed"],
              maxSelect: 1,
              required: true,
              help: "Result of the send.",
            },
            { type: "text", name: "error", max: 2000, help: "Error message when the send failed." },
            { type: "text", name: "ref", max: 200, help: "Related record, e.g. orders/<id>." },
            ...TIMESTAMPS,
          ],
          indexes: ["CREATE INDEX `idx_mail_log_created` ON `mail_log` (`created`)"],
        }),
      ),
    );
  },
  (app) => {
    for (const name of ["mail_log", "contact_messages", "newsletter_subscribers"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
