/// <reference path="../pb_data/types.d.ts" />
// Crawler files. These specific routes win over serve.pb.js's GET /{path...}.

routerAdd("GET", "/sitemap.xml", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  e.response.header().set("Content-Type", "application/xml; charset=utf-8");
  e.response.header().set("Cache-Control", "public, max-age=3600");
  return e.string(200, require(`${__hooks}/lib/pages/seo.js`).sitemap($app));
});

routerAdd("GET", "/robots.txt", (e) => {
  require(`${__hooks}/lib/http/security-headers.js`).api(e);
  e.response.header().set("Content-Type", "text/plain; charset=utf-8");
  e.response.header().set("Cache-Control", "public, max-age=3600");
  return e.string(200, require(`${__hooks}/lib/pages/seo.js`).robots());
});
