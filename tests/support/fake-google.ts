// A local stand-in for Google's OAuth2 endpoints (authorize, token, userinfo), enough for
// PocketBase's code exchange. Tests hand out codes for chosen profiles.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface GoogleProfile {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

interface TokenRequest {
  code: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  grant_type: string;
  code_verifier?: string;
}

export interface FakeGoogle {
  url: string;
  env: {
    GOOGLE_CLIENT_ID: string;
    GOOGLE_CLIENT_SECRET: string;
    GOOGLE_AUTH_URL: string;
    GOOGLE_TOKEN_URL: string;
    GOOGLE_USERINFO_URL: string;
  };
  /** A one-time authorization code that signs in as this profile. */
  issueCode(profile: GoogleProfile): string;
  tokenRequests: TokenRequest[];
  stop(): Promise<void>;
}

const CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
const CLIENT_SECRET = 'fake-client-secret';

function body(req: IncomingMessage): Promise<string> {
  return new Promise((res, rej) => {
    let s = '';
    req.on('data', (d) => {
      s += d;
    });
    req.on('end', () => res(s));
    req.on('error', rej);
  });
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const codes = new Map<string, GoogleProfile>();
  const tokens = new Map<string, GoogleProfile>();
  const tokenRequests: TokenRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = Object.fromEntries(new URLSearchParams(await body(req))) as unknown as TokenRequest;
      // PocketBase may send the client credentials as HTTP basic auth instead of in the body
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString()
        : '';
      if (basic) {
        const [id, secret] = basic.split(':').map(decodeURIComponent);
        form.client_id ??= id;
        form.client_secret ??= secret;
      }
      tokenRequests.push(form);
      const profile = codes.get(form.code);
      if (!profile || form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET)
        return json(400, { error: 'invalid_grant' });
      codes.delete(form.code);
      const token = randomBytes(16).toString('hex');
      tokens.set(token, profile);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile' });
    }
    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const profile = tokens.get(token);
      if (!profile) return json(401, { error: 'invalid_token' });
      return json(200, { email_verified: true, name: profile.email.split('@')[0], picture: '', ...profile });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${url}/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    issueCode(profile) {
      const code = `4/${randomBytes(12).toString('hex')}`;
      codes.set(code, profile);
      return code;
    },
    tokenRequests,
    stop: () => new Promise((r) => server.close(() => r())),
  };
}
