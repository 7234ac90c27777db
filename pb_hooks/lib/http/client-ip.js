// The client's address: the one notion every per-IP limit, cap and consent record uses.
// X-Forwarded-For counts only when the operator declares a proxy in front (TRUSTED_PROXY):
// "1" trusts it from any peer (the port is reachable by the proxy only), a list of addresses
// or CIDR ranges trusts it only from those peers; unset or "0": the socket's address.
// PocketBase's rate limiter reads the same setting (settings.trustedProxy, applied at boot by
// `applyTrustedProxy`); with a list it cannot check the peer, so the limiter then honours the
// header from anyone who reaches the port directly (README, "Security"). CommonJS; nothing
// is required at load, so unit tests load it in Node.

const HEADER = "X-Forwarded-For";

/** TRUSTED_PROXY → {mode: "none"|"any"|"list", list: [{bits, prefix}], invalid: [entries]}. */
function parseTrustedProxy(raw) {
  const s = String(raw || "").trim();
  if (!s || /^(0|false|no|off)$/i.test(s)) return { mode: "none", list: [], invalid: [] };
  if (/^(1|true|yes|on)$/i.test(s)) return { mode: "any", list: [], invalid: [] };
  const list = [];
  const invalid = [];
  for (const entry of s.split(/[\s,]+/).filter(Boolean)) {
    const range = parseRange(entry);
    if (range) list.push(range);
    else invalid.push(entry);
  }
  return { mode: "list", list: list, invalid: invalid };
}

/** "10.0.0.0/8", "::1", "2001:db8::/32" → {bits: number[128], prefix} (IPv4 as IPv4-mapped IPv6). */
function parseRange(entry) {
  const [addr, len] = String(entry).split("/");
  const bits = toBits(addr);
  if (!bits) return null;
  const isV4 = addr.indexOf(":") === -1;
  let prefix = 128;
  if (len !== undefined) {
    if (!/^\d{1,3}$/.test(len)) return null;
    const n = Number(len);
    if (n > (isV4 ? 32 : 128)) return null;
    prefix = isV4 ? 96 + n : n;
  }
  return { bits: bits, prefix: prefix };
}

/** An address as 128 bits (IPv4 as IPv4-mapped), or null when it is not an address. */
function toBits(addr) {
  const s = String(addr || "")
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  let words;
  if (s.indexOf(":") === -1) {
    const v4 = v4Words(s);
    if (!v4) return null;
    words = [0, 0, 0, 0, 0, 0xffff].concat(v4);
  } else {
    words = v6Words(s);
    if (!words) return null;
  }
  const bits = [];
  for (const w of words) for (let i = 15; i >= 0; i--) bits.push((w >> i) & 1);
  return bits;
}

function v4Words(s) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const b = m.slice(1).map(Number);
  if (b.some((x) => x > 255)) return null;
  return [(b[0] << 8) | b[1], (b[2] << 8) | b[3]];
}

function v6Words(s) {
  let tail = [];
  let text = s;
  const v4 = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    tail = v4Words(v4[1]);
    if (!tail) return null;
    text = text.slice(0, v4.index);
    // "::1.2.3.4" leaves ":", which stands for "::"
    if (text.endsWith(":")) text += ":";
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const all = head.concat(rest);
  if (all.some((h) => !/^[0-9a-f]{1,4}$/i.test(h))) return null;
  const given = all.length + tail.length;
  if (halves.length === 1 && given !== 8) return null;
  if (halves.length === 2 && given > 7) return null;
  const zeros = halves.length === 2 ? 8 - given : 0;
  const words = head.map((h) => Number.parseInt(h, 16));
  for (let i = 0; i < zeros; i++) words.push(0);
  for (const h of rest) words.push(Number.parseInt(h, 16));
  return words.concat(tail);
}

/**
 * The network an address belongs to, as one visitor's caps count it: an IPv4 /24 or an IPv6
 * /64 (what one household, office or phone is usually given), written one way
 * ("192.0.2.0/24", "2001:db8:0:1::/64"); IPv4-mapped IPv6 counts as IPv4. "" when `addr` is
 * not an address.
 */
function networkOf(addr) {
  const bits = toBits(addr);
  if (!bits) return "";
  const word = (i) => {
    let w = 0;
    for (let b = 0; b < 16; b++) w = (w << 1) | bits[i * 16 + b];
    return w;
  };
  const mapped = [0, 1, 2, 3, 4].every((i) => word(i) === 0) && word(5) === 0xffff;
  if (mapped) return `${word(6) >> 8}.${word(6) & 255}.${word(7) >> 8}.0/24`;
  return `${[0, 1, 2, 3].map((i) => word(i).toString(16)).join(":")}::/64`;
}

function inRange(bits, range) {
  for (let i = 0; i < range.prefix; i++) if (bits[i] !== range.bits[i]) return false;
  return true;
}

/** True when `addr` is one of the ranges. */
function inList(addr, list) {
  const bits = toBits(addr);
  return !!bits && list.some((r) => inRange(bits, r));
}

const LOOPBACK = [parseRange("127.0.0.0/8"), parseRange("::1/128")];

function isLoopback(addr) {
  return inList(addr, LOOPBACK);
}

// Headers a proxy or CDN adds to name the client; any of them means the request came through one.
const PROXY_HEADERS = [
  "X-Forwarded-For",
  "X-Real-IP",
  "Forwarded",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "X-Client-IP",
  "True-Client-IP",
  "CF-Connecting-IP",
  "Fastly-Client-IP",
  "X-Cluster-Client-IP",
];

function hasProxyHeaders(e) {
  const h = e.request.header;
  return PROXY_HEADERS.some((name) => h.values(name).length > 0);
}

function setting() {
  return parseTrustedProxy($os.getenv("TRUSTED_PROXY"));
}

/**
 * The client's address for this request: the socket peer, unless a trusted proxy is that
 * peer, then the rightmost X-Forwarded-For entry (the one the proxy appended).
 */
function clientIp(e) {
  const peer = e.remoteIP();
  const s = setting();
  if (s.mode === "none") return peer;
  if (s.mode === "list" && !inList(peer, s.list)) return peer;
  return e.realIP();
}

/** Boot: PocketBase's trusted-proxy setting (its rate limiter) follows TRUSTED_PROXY. */
function applyTrustedProxy(app) {
  const s = setting();
  if (s.invalid.length)
    app.logger().warn("TRUSTED_PROXY entries ignored (not addresses)", "entries", s.invalid.join(","));
  const want = s.mode === "none" ? [] : [HEADER];
  const settings = app.settings();
  const have = (settings.trustedProxy.headers || []).join(",");
  if (have === want.join(",") && !settings.trustedProxy.useLeftmostIP) return false;
  settings.trustedProxy.headers = want;
  settings.trustedProxy.useLeftmostIP = false;
  app.save(settings);
  return true;
}

module.exports = { clientIp, applyTrustedProxy, hasProxyHeaders, isLoopback, parseTrustedProxy, inList, networkOf };
