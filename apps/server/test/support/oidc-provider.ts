import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider, with its own login and consent pages) on loopback, for
 * the single sign-on tests. Accounts are whatever the test says: the login page takes an account
 * id and any password. `tamperNextIdToken` makes the provider's next token answer carry an ID
 * token with changed claims (signed with the provider's own key, or another one), which is how a
 * misbehaving or impersonated provider looks to Signet.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  setAccount(id: string, claims: Record<string, unknown>): void;
  tamperNextIdToken(change: Record<string, unknown>, options?: { foreignKey?: boolean }): void;
  /** Drives the provider's login and consent pages like a browser; answers the URL it sends back to Signet. */
  signInThrough(authorizationUrl: string, accountId: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  const clientId = 'signet-test';
  const clientSecret = 'provider-test-secret-0123456789';
  const accounts = new Map<string, Record<string, unknown>>();
  let tamper: { change: Record<string, unknown>; foreignKey: boolean } | null = null;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const foreign = (await generateKeyPair('RS256')).privateKey;

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      groups: ['groups'],
    },
    async findAccount(_ctx, sub) {
      const claims = accounts.get(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ ...claims, sub }) };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && tamper && body?.id_token) {
      const { change, foreignKey } = tamper;
      tamper = null;
      const header = decodeProtectedHeader(body.id_token);
      body.id_token = await new SignJWT({ ...decodeJwt(body.id_token), ...change })
        .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? 'test-key' })
        .sign(foreignKey ? foreign : privateKey);
    }
  });
  handle = provider.callback();

  async function signInThrough(authorizationUrl: string, accountId: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let form: URLSearchParams | null = null;
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(options.redirectUri)) return new URL(url);
      const res = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
      });
      form = null;
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const [name = '', ...value] = pair.split('=');
        if (value.join('=')) jar.set(name, value.join('='));
        else jar.delete(name);
      }
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!action || !prompt)
        throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url).href;
      form = new URLSearchParams(
        prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt },
      );
    }
    throw new Error('the provider never sent the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (id, claims) => accounts.set(id, claims),
    tamperNextIdToken(change, o = {}) {
      tamper = { change, foreignKey: o.foreignKey ?? false };
    },
    signInThrough,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
