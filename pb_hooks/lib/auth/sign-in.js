// Sign-in: the Google provider from env, demo sign-in for local tries, the public auth
// config. CommonJS; required inside handlers.

const { Collections } = require(`${__hooks}/lib/contract.gen.js`);
const settings = require(`${__hooks}/lib/setup/env.js`);

const truthy = settings.truthy;
/** A sign-in setting, white space around it dropped ("" when unset). */
const env = (name) => settings.env(name).trim();

function isLoopbackHost(host) {
  const h = String(host || "")
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || require(`${__hooks}/lib/http/client-ip.js`).isLoopback(h);
}

/** The public origin's host: SITE_URL, else the listen address (HOST) as npm start sets it. */
function siteHost() {
  const site = env("SITE_URL");
  if (!site) return env("HOST") || "127.0.0.1";
  const m = /^https?:\/\/(\[[^\]]*\]|[^/:?#]*)/i.exec(site);
  return m ? m[1] : "";
}

/** The host of a Host header ("127.0.0.1:8090", "[::1]:8090", "localhost"), without its port. */
function hostOf(header) {
  const h = String(header || "").trim();
  if (h.charAt(0) === "[") return h.slice(0, h.indexOf("]") + 1);
  return h.split(":").length === 2 ? h.split(":")[0] : h;
}

/**
 * Whether this server offers demo sign-in at all: a local try-out that asked for it
 * (DEMO_SIGN_IN=1, which only `npm start` and `npm run dev` set), no Google, demo content, a
 * loopback site.
 */
function demoSignInOffered() {
  return (
    env("DEMO_SIGN_IN") === "1" && !env("GOOGLE_CLIENT_ID") && truthy(env("DEMO_CONTENT")) && isLoopbackHost(siteHost())
  );
}

/**
 * Demo sign-in hands out admin sessions, so it is for the machine the server runs on only:
 * besides the server's own conditions, the caller must be a loopback peer that did not come
 * through a proxy (a reverse proxy on 127.0.0.1 would otherwise hand it to the internet) and
 * asked for a loopback host (a proxy that adds no header of its own still passes the
 * visitor's Host on, as Caddy does and nginx with `proxy_set_header Host $host`).
 */
function demoSignInAllowed(e) {
  if (!demoSignInOffered()) return false;
  const ip = require(`${__hooks}/lib/http/client-ip.js`);
  return ip.isLoopback(e.remoteIP()) && !ip.hasProxyHeaders(e) && isLoopbackHost(hostOf(e.request.host));
}

/** Applies GOOGLE_* env to the users collection's OAuth2 config (saved only when changed). */
function applyGoogleProvider(app) {
  const users = app.findCollectionByNameOrId(Collections.Users);
  const before = JSON.stringify(users.oauth2);
  const clientId = env("GOOGLE_CLIENT_ID");
  let config = { enabled: false, providers: [] };
  if (clientId) {
    config = {
      enabled: true,
      // Google's picture is downloaded into the avatar file field on sign-up
      mappedFields: { name: "name", avatarURL: "avatar" },
      providers: [
        {
          name: "google",
          clientId: clientId,
          clientSecret: env("GOOGLE_CLIENT_SECRET"),
          authURL: env("GOOGLE_AUTH_URL"),
          tokenURL: env("GOOGLE_TOKEN_URL"),
          userInfoURL: env("GOOGLE_USERINFO_URL"),
          // Google Identity Services' popup code flow has no PKCE
          pkce: false,
        },
      ],
    };
  }
  unmarshal({ oauth2: config }, users);
  if (JSON.stringify(users.oauth2) !== before) app.save(users);
}

/** What the browser needs to show the sign-in options (demo sign-in: for this caller). */
function publicConfig(e) {
  const clientId = env("GOOGLE_CLIENT_ID");
  return { googleClientId: clientId || null, demoSignIn: demoSignInAllowed(e) };
}

const DEMO_USERS = {
  learner: { email: "demo-learner@example.com", name: "Demo Learner" },
  admin: { email: "demo-admin@example.com", name: "Demo Admin" },
};

function demoSignIn(e) {
  if (!demoSignInAllowed(e)) throw new ForbiddenError("Demo sign-in is not available on this server.");
  const body = e.requestInfo().body || {};
  const role = body.role === "admin" ? "admin" : body.role === "learner" ? "learner" : "";
  if (!role)
    throw new BadRequestError("Choose the demo learner or the demo admin.", {
      role: new ValidationError("validation_invalid_role", "Learner or admin."),
    });
  const who = DEMO_USERS[role];
  let user;
  try {
    user = e.app.findAuthRecordByEmail(Collections.Users, who.email);
  } catch (_) {
    user = new Record(e.app.findCollectionByNameOrId(Collections.Users));
    user.setEmail(who.email);
    user.setPassword($security.randomString(40));
    user.setVerified(true);
    user.set("name", who.name);
  }
  user.set("role", role);
  e.app.save(user);
  // Without payments configured, the demo learner gets the published courses, so a
  // newcomer can take the course right after `npm start`.
  if (role === "learner" && !env("STRIPE_SECRET_KEY")) {
    const courses = e.app.findRecordsByFilter(Collections.Courses, "is_published = true", "", 0, 0);
    for (let i = 0; i < courses.length; i++) {
      try {
        e.app.findFirstRecordByFilter(Collections.CourseEnrollments, "user_id = {:u} && course_id = {:c}", {
          u: user.id,
          c: courses[i].id,
        });
      } catch (_) {
        const en = new Record(e.app.findCollectionByNameOrId(Collections.CourseEnrollments));
        en.set("user_id", user.id);
        en.set("course_id", courses[i].id);
        en.set("enrolled_at", new Date().toISOString());
        en.set("source", "demo");
        e.app.save(en);
      }
    }
  }
  return $apis.recordAuthResponse(e, user, "demo", null);
}

const PROTECTED_FIELDS = ["email", "role", "verified", "emailVisibility", "password", "passwordConfirm", "tokenKey"];

/**
 * Google sign-in: the email is the one Google verified to PocketBase's own userinfo call;
 * a browser trying to choose the email, role or verification of a new account is refused.
 */
function onOAuth2(e) {
  if (e.providerName === "google" && !e.oAuth2User.email) {
    throw new BadRequestError("Your Google account has no verified email address.");
  }
  // Google's display name is stored as the user's name: without characters that disguise text.
  if (e.oAuth2User?.name) e.oAuth2User.name = require(`${__hooks}/lib/http/record-input.js`).clean(e.oAuth2User.name);
  const data = e.createData || {};
  for (const key of PROTECTED_FIELDS) {
    if (data[key] !== undefined)
      throw new BadRequestError("Account details come from Google.", {
        [key]: new ValidationError("validation_not_allowed", "Set by Google."),
      });
  }
  const nameProblem =
    data.name === undefined ? "" : require(`${__hooks}/lib/http/record-input.js`).problem("text", data.name);
  if (nameProblem)
    throw new BadRequestError(`Name: ${nameProblem}`, {
      name: new ValidationError("validation_invalid_value", nameProblem),
    });
  return e.next();
}

module.exports = {
  applyGoogleProvider: applyGoogleProvider,
  publicConfig: publicConfig,
  demoSignIn: demoSignIn,
  onOAuth2: onOAuth2,
};
