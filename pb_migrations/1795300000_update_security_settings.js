/// <reference path="../pb_data/types.d.ts" />
// Security settings. X-Forwarded-For is no longer trusted by default: the boot hook sets the
// trusted proxy header from TRUSTED_PROXY (pb_hooks/lib/http/client-ip.js), so without it every
// per-address limit keys on the socket's address and cannot be dodged with a header. Each
// form and sign-in route gets its own per-address limit, so one cannot use up another's.
const RULES = [
  // hands out sessions: a handful is plenty for a local try-out
  { label: "POST /api/atelier/demo-sign-in", audience: "", duration: 60, maxRequests: 5 },
  // guesses at a viewing-room link
  { label: "POST /api/atelier/viewing-room/unlock", audience: "", duration: 60, maxRequests: 10 },
  // each sign-up may mail an address chosen by the caller
  { label: "POST /api/atelier/subscribe-newsletter", audience: "", duration: 60, maxRequests: 10 },
  // contact messages and artwork inquiries (plus the stored 5 per 10 minutes per address)
  { label: "POST /api/atelier/send-contact", audience: "", duration: 60, maxRequests: 10 },
  // the success page and the cart's cancel: guesses at session ids
  { label: "POST /api/atelier/verify-payment", audience: "", duration: 60, maxRequests: 20 },
  { label: "POST /api/atelier/cancel-payment", audience: "", duration: 60, maxRequests: 20 },
  // the analytics consent banner's answer
  { label: "POST /api/atelier/analytics-consent", audience: "", duration: 60, maxRequests: 10 },
];
const LABELS = RULES.map((r) => r.label);

const plain = (s) => JSON.parse(JSON.stringify(s.rateLimits.rules));

migrate(
  (app) => {
    const s = app.settings();
    // Exact labels win over the "POST /api/atelier/" prefix rule (create-payment and the
    // newsletter's POST links keep that one).
    const rules = RULES.concat(plain(s).filter((r) => !LABELS.includes(r.label)));
    unmarshal({ rateLimits: { rules }, trustedProxy: { headers: [], useLeftmostIP: false } }, s);
    app.save(s);
  },
  (app) => {
    const s = app.settings();
    unmarshal(
      {
        rateLimits: { rules: plain(s).filter((r) => !LABELS.includes(r.label)) },
        trustedProxy: { headers: ["X-Forwarded-For"], useLeftmostIP: false },
      },
      s,
    );
    app.save(s);
  },
);
