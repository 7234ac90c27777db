/// <reference path="../pb_data/types.d.ts" />
// Sign-in: Google (PocketBase's OAuth2 code exchange, provider from env), demo sign-in.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/auth/sign-in.js`).applyGoogleProvider(e.app);
});

onRecordAuthWithOAuth2Request(
  (e) => {
    return require(`${__hooks}/lib/auth/sign-in.js`).onOAuth2(e);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.Users,
);

// A user's own account: the display name, avatar and email visibility, as themselves.
onRecordUpdateRequest(
  (e) => {
    if (!e.hasSuperuserAuth())
      require(`${__hooks}/lib/http/record-input.js`).check(e, {
        name: "text",
        avatar: "file",
        emailVisibility: "bool",
      });
    return e.next();
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.Users,
);

routerAdd("GET", "/api/atelier/auth-config", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  // demoSignIn depends on the caller (loopback, no proxy): never shared from a cache
  e.response.header().set("Cache-Control", "private, no-cache");
  return e.json(200, require(`${__hooks}/lib/auth/sign-in.js`).publicConfig(e));
});

routerAdd(
  "POST",
  "/api/atelier/demo-sign-in",
  (e) => {
    require(`${__hooks}/lib/http/security-headers.js`).api(e);
    return require(`${__hooks}/lib/auth/sign-in.js`).demoSignIn(e);
  },
  $apis.bodyLimit(1024),
);
