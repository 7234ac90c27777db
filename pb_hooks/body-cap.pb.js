/// <reference path="../pb_data/types.d.ts" />
// Every request body is bounded before it is read. PocketBase's record API allows 32 MB plus
// each file field's maxSize (4 GiB for chapter videos), so without this anyone could make the
// server spool gigabytes before the rules refuse them. Chapter videos arrive in small resumable
// chunks instead (video-uploads.pb.js).
//
// The Go function of $apis.bodyLimit is bound under its own id, so routes with their own
// (smaller) limit keep it, and no hook VM is taken per request (a JS middleware would hold one
// for every request the server answers, a print drop's crowd included).
const MAX_REQUEST_BODY = 256 * 1024 * 1024;

routerUse($apis.bodyLimit(MAX_REQUEST_BODY).func);
