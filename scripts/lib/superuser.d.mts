export const TEST_SUPERUSER: Readonly<{ email: string; password: string }>;
export function superuserToken(url: string, opts?: { ip?: string }): Promise<string>;
export interface SuperuserServer {
  url: string;
  superuser: { token: string };
}
export function superuserFetch(server: SuperuserServer, path: string, init?: RequestInit): Promise<Response>;
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are typed by the caller
export function superuserJson<T = any>(
  server: SuperuserServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T>;
