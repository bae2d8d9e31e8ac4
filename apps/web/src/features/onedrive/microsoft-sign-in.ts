import type { OneDriveConfiguration } from '@signet/contracts';

/** The page Microsoft sends the browser back to (apps/web/public); registered as the app's SPA redirect URI. */
export const REDIRECT_PATH = '/onedrive-signin.html';
/** The channel that page answers on: the sign-in window is cut off from this one (COOP same-origin). */
export const SIGN_IN_CHANNEL = 'signet-onedrive-signin';
const GRAPH_SCOPE = 'https://graph.microsoft.com/Files.Read.All';

export class SignInError extends Error {
  constructor(readonly reason: 'popupBlocked' | 'failed') {
    super(reason);
  }
}

export interface MicrosoftSession {
  /** A delegated token for Microsoft Graph (sent to Signet for one call, never kept). */
  graphToken: string;
  /** A token for another resource the picker asks for (a SharePoint host), through the refresh token. */
  tokenFor(resource: string): Promise<string>;
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function randomString(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Signs the user in to Microsoft in a window of its own: OAuth 2.0 authorization code with PKCE
 * (the flow Microsoft requires of single-page apps), tokens kept in memory only, for this pick.
 */
export async function signInToMicrosoft(config: OneDriveConfiguration): Promise<MicrosoftSession> {
  const authority = `${config.loginUrl}/${encodeURIComponent(config.authority)}/oauth2/v2.0`;
  const redirectUri = `${window.location.origin}${REDIRECT_PATH}`;
  const verifier = randomString();
  const state = randomString();
  const challenge = base64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
  );
  const query = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    response_mode: 'query',
    scope: `${GRAPH_SCOPE} offline_access`,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  });
  const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
  const answered = new Promise<URLSearchParams>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new SignInError('failed')), 5 * 60_000);
    channel.onmessage = (event: MessageEvent<{ search?: string }>) => {
      const params = new URLSearchParams(event.data?.search ?? '');
      if (params.get('state') !== state) return;
      window.clearTimeout(timer);
      resolve(params);
    };
  });
  const popup = window.open(
    `${authority}/authorize?${query}`,
    'signet-onedrive-signin',
    'width=520,height=680',
  );
  if (!popup) {
    channel.close();
    throw new SignInError('popupBlocked');
  }
  let params: URLSearchParams;
  try {
    params = await answered;
  } finally {
    channel.close();
  }
  const code = params.get('code');
  if (!code) throw new SignInError('failed');
  const token = async (body: Record<string, string>) => {
    const res = await fetch(`${authority}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientId, ...body }),
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string };
    if (!res.ok || !json.access_token) throw new SignInError('failed');
    return json;
  };
  const first = await token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    scope: `${GRAPH_SCOPE} offline_access`,
  });
  const graphToken = first.access_token as string;
  return {
    graphToken,
    async tokenFor(resource) {
      if (!first.refresh_token || /graph\.microsoft\.com/.test(resource)) return graphToken;
      const next = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        scope: `${resource.replace(/\/+$/, '')}/.default`,
      });
      return next.access_token as string;
    },
  };
}
