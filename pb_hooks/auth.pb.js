/// <reference path="../pb_data/types.d.ts" />
// Sign-in: Google (PocketBase's OAuth2 code exchange, provider from env), demo sign-in.

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/auth.js`).applyGoogleProvider(e.app);
});

onRecordAuthWithOAuth2Request(
  (e) => {
    return require(`${__hooks}/lib/auth.js`).onOAuth2(e);
  },
  require(`${__hooks}/lib/contract.gen.js`).Collections.Users,
);

routerAdd("GET", "/api/atelier/auth-config", (e) => {
  e.response.header().set("Cache-Control", "no-cache");
  return e.json(200, require(`${__hooks}/lib/auth.js`).publicConfig());
});

routerAdd("POST", "/api/atelier/demo-sign-in", (e) => {
  return require(`${__hooks}/lib/auth.js`).demoSignIn(e);
});
