/// <reference path="../pb_data/types.d.ts" />
// Progress rows arrive in batches from the offline outbox: each batch item is checked
// against the collection rate limits, so the general "*:create" (20/5 s) and "/api/"
// (300/10 s) rules would reject a device syncing a day of offline work. Give the two
// progress collections their own, roomier rules.
const LABELS = [
  "chapter_progress:create",
  "chapter_progress:update",
  "user_task_progress:create",
  "user_task_progress:update",
];

const plain = (s) => JSON.parse(JSON.stringify(s.rateLimits.rules));

migrate(
  (app) => {
    const s = app.settings();
    const rules = plain(s).filter((r) => !LABELS.includes(r.label));
    for (const label of LABELS) rules.unshift({ label, audience: "@auth", duration: 60, maxRequests: 3000 });
    unmarshal({ rateLimits: { rules } }, s);
    app.save(s);
  },
  (app) => {
    const s = app.settings();
    unmarshal({ rateLimits: { rules: plain(s).filter((r) => !LABELS.includes(r.label)) } }, s);
    app.save(s);
  },
);
