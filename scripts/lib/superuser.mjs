// The superuser of every throwaway PocketBase this repository starts: the test servers,
// the e2e server, type generation and the benchmarks. `npm start` and `npm run dev` use
// ADMIN_EMAIL / ADMIN_PASSWORD instead; these credentials never reach a real database.
export const TEST_SUPERUSER = Object.freeze({ email: 'superuser@atelier.test', password: 'superuser-password-123' });

/**
 * Signs in as TEST_SUPERUSER and returns the token. `ip` is sent as X-Forwarded-For: on a
 * server that trusts it (TRUSTED_PROXY), callers that sign in from their own address never
 * share the per-address sign-in rate limit.
 */
export async function superuserToken(url, { ip } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (ip) headers['x-forwarded-for'] = ip;
  const res = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ identity: TEST_SUPERUSER.email, password: TEST_SUPERUSER.password }),
  });
  if (!res.ok) throw new Error(`superuser sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * A request as the superuser of `server` ({url, superuser: {token}}): JSON unless the body is a
 * FormData (fetch writes its multipart type) or the caller's headers say otherwise. Resolves
 * the response, whatever its status.
 */
export function superuserFetch(server, path, init = {}) {
  const type = init.body instanceof FormData ? {} : { 'content-type': 'application/json' };
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: { ...type, authorization: server.superuser.token, ...init.headers },
  });
}

/**
 * A request as the superuser that must succeed: `body` goes as JSON, or as a multipart form
 * when it is a FormData. Its JSON answer (null when empty); throws with the answer otherwise.
 */
export async function superuserJson(server, method, path, body) {
  const res = await superuserFetch(server, path, {
    method,
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
