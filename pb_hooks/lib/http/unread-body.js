// An answer given before a request's body has been read closes its connection.
//
// PocketBase's router wraps every request body (so it can be read twice) and closes the wrapper
// when the handler returns. Closing a body with more than 256 kB left unread only marks it, and
// Go's server looks for that mark on the request's own body, not on the wrapper: it keeps the
// connection and parses the unread bytes as the client's next request. Measured on 0.39.11: a
// 404 to a 1 MiB PATCH, then `GET /api/health` on the same connection answered 400; a body
// that holds a request of its own gets that request answered. A browser's next call fails, and
// a proxy that reuses its connections to PocketBase would hand that answer to another visitor.
// `Connection: close` on the answer makes Go close the connection instead.
// CommonJS; required inside handlers.

/** Call before any answer that may leave the body unread. */
function closeUnread(e) {
  if (e.request.contentLength !== 0) e.response.header().set("Connection", "close");
}

/** Call once the whole body has been read: the connection may serve the next request. */
function bodyRead(e) {
  e.response.header().del("Connection");
}

module.exports = { closeUnread, bodyRead };
