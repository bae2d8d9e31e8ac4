import { Code, type TokenResponse } from '@signet/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  classifyAnswer,
  createApiClient,
  type Destination,
  type TokenStore,
} from './api-client.ts';

const base = { data: undefined, isPublic: false, url: '/v1/users/valid' };

describe('classifyAnswer (spec §8 client handling)', () => {
  it.each([
    [200, 1, { kind: 'ok' }],
    [200, 2, { kind: 'ok' }],
    [401, Code.TOKEN_EXPIRED, { kind: 'refresh' }],
    [401, null, { kind: 'refresh' }],
    [
      401,
      Code.INVALID_ACCESS_TOKEN,
      { kind: 'redirect', to: '/accessdenied?status=unauthorized', clearSession: true },
    ],
    [
      401,
      Code.SESSION_ENDED,
      { kind: 'redirect', to: '/accessdenied?status=unauthorized', clearSession: true },
    ],
    [
      403,
      Code.NOT_AUTHORIZED,
      { kind: 'redirect', to: '/accessdenied?status=unauthorized', clearSession: true },
    ],
    [
      401,
      Code.TOKEN_IP_MISMATCH,
      { kind: 'redirect', to: '/accessdenied?status=unauthorized', clearSession: true },
    ],
    [
      401,
      Code.INVALID_JWT,
      { kind: 'redirect', to: '/accessdenied?status=unauthorized', clearSession: true },
    ],
    [
      500,
      Code.SYSTEM_ERROR,
      { kind: 'redirect', to: '/accessdenied?status=servererror', clearSession: false },
    ],
    [
      403,
      Code.TRIAL_EXPIRED,
      { kind: 'redirect', to: '/accessdenied?status=licenseexpired', clearSession: false },
    ],
    [
      403,
      Code.USER_DISABLED,
      { kind: 'redirect', to: '/accessdenied?status=forbidden', clearSession: false },
    ],
    [403, Code.TWO_FACTOR_REQUIRED, { kind: 'redirect', to: '/authenticate', clearSession: false }],
    [409, Code.DATA_INTEGRITY, { kind: 'fail' }],
    [0, null, { kind: 'fail' }],
  ] as const)('status %i with code %s → %o', (status, code, verdict) => {
    expect(classifyAnswer({ ...base, status, code })).toEqual(verdict);
  });

  it('-73 goes to /changepassword only with data expired or resetpassword', () => {
    for (const data of ['expired', 'resetpassword']) {
      expect(classifyAnswer({ ...base, status: 403, code: Code.USER_NOT_ENABLED, data })).toEqual({
        kind: 'redirect',
        to: '/changepassword',
        clearSession: false,
      });
    }
    expect(classifyAnswer({ ...base, status: 403, code: Code.USER_NOT_ENABLED, data: 'other' }).kind).toBe(
      'redirect',
    );
    expect(classifyAnswer({ ...base, status: 403, code: Code.USER_NOT_ENABLED, data: 'other' })).not.toEqual(
      expect.objectContaining({ to: '/changepassword' }),
    );
  });

  it('a 403 on a locale bundle is not the forbidden page', () => {
    expect(classifyAnswer({ ...base, status: 403, code: null, url: '/locales/hi.json' })).toEqual({
      kind: 'fail',
    });
  });

  it('public calls (sign-in) fail in place instead of refreshing or clearing the session', () => {
    const pub = { ...base, isPublic: true };
    expect(classifyAnswer({ ...pub, status: 401, code: Code.TOKEN_EXPIRED })).toEqual({ kind: 'fail' });
    expect(classifyAnswer({ ...pub, status: 400, code: Code.INVALID_PASSWORD })).toEqual({ kind: 'fail' });
    expect(classifyAnswer({ ...pub, status: 403, code: Code.USER_DISABLED })).toEqual({ kind: 'fail' });
    expect(classifyAnswer({ ...pub, status: 403, code: Code.TWO_FACTOR_REQUIRED }).kind).toBe('redirect');
  });
});

function tokens(n: number): TokenResponse {
  return {
    access_token: `access-${n}`,
    msb_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
  } as TokenResponse;
}

function memoryStore(): TokenStore & { cleared: number } {
  let access: string | null = 'access-0';
  let refresh: string | null = 'refresh-0';
  return {
    cleared: 0,
    accessToken: () => access,
    refreshToken: () => refresh,
    tenantId: () => 'tenant-1',
    saveTokens(t) {
      access = t.access_token;
      refresh = t.refresh_token;
    },
    clear() {
      access = null;
      refresh = null;
      this.cleared++;
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fake server: the current access token is `access-N`; refresh N → N+1 after a short delay. */
function fakeServer(opts: { refreshFails?: boolean } = {}) {
  let current = 0;
  const refreshCalls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (url.startsWith('/msbapi/v1/authenticate')) {
      const form = new URLSearchParams(String(init?.body));
      refreshCalls.push(form.get('refresh_token') ?? '');
      await new Promise((r) => setTimeout(r, 10));
      if (opts.refreshFails || form.get('refresh_token') !== `refresh-${current}`) {
        return json(401, { code: Code.INVALID_TOKEN, message: 'no' });
      }
      current++;
      return json(200, { code: 1, data: tokens(current) });
    }
    if (headers.access_token !== `access-${current}`)
      return json(401, { code: Code.TOKEN_EXPIRED, message: 'expired' });
    return json(200, { code: 1, data: { url, tenant: headers.tenant_id } });
  });
  return { fetchImpl, refreshCalls, expire: () => current++ };
}

function client(server: { fetchImpl: typeof fetch }, store = memoryStore()) {
  const navigate = vi.fn<(to: Destination) => void>();
  const api = createApiClient({ store, navigate, language: () => 'en', fetch: server.fetchImpl });
  return { api, navigate, store };
}

describe('createApiClient', () => {
  it('sends the token, tenant, language and a ts parameter on GET, and unwraps data', async () => {
    const server = fakeServer();
    const { api } = client(server);
    await expect(api.request('GET', '/v1/users/valid')).resolves.toMatchObject({ tenant: 'tenant-1' });
    const [url, init] = server.fetchImpl.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/^\/msbapi\/v1\/users\/valid\?ts=\d+$/);
    expect(init.headers).toMatchObject({
      access_token: 'access-0',
      tenant_id: 'tenant-1',
      'Accept-Language': 'en',
    });
  });

  it('refreshes once for concurrent expired requests and retries each of them once', async () => {
    const server = staleClientServer();
    const { api, navigate } = client(server);
    const results = await Promise.all([
      api.request('GET', '/v2/epaks'),
      api.request('GET', '/v2/statistics'),
      api.request('GET', '/v1/configuration'),
    ]);
    expect(results).toHaveLength(3);
    expect(navigate).not.toHaveBeenCalled();
    expect(server.refreshCalls).toEqual(['refresh-0']);
  });

  it('an answer that arrives after the refresh finished is retried without a second refresh', async () => {
    const server = staleClientServer({ slow: '/v2/slow' });
    const { api, navigate } = client(server);
    const slow = api.request('GET', '/v2/slow');
    await api.request('GET', '/v2/epaks');
    await expect(slow).resolves.toBeDefined();
    expect(server.refreshCalls).toEqual(['refresh-0']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('without a refresh token it goes to the expired page and clears the session', async () => {
    const server = fakeServer();
    server.expire();
    const store = memoryStore();
    store.saveTokens({ ...tokens(0), refresh_token: '' } as TokenResponse);
    const { api, navigate } = client(server, store);
    await expect(api.request('GET', '/v2/epaks')).rejects.toMatchObject({ handled: true });
    expect(navigate).toHaveBeenCalledWith('/accessdenied?status=expired');
    expect(store.cleared).toBe(1);
    expect(server.refreshCalls).toEqual([]);
  });

  it('a failed refresh goes to the expired page', async () => {
    const server = fakeServer({ refreshFails: true });
    server.expire();
    const { api, navigate } = client(server);
    await expect(api.request('GET', '/v2/epaks')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/accessdenied?status=expired');
  });

  it('a request still refused after the refresh is not retried again', async () => {
    let calls = 0;
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).includes('/v1/authenticate')) return json(200, { code: 1, data: tokens(++calls) });
      return json(401, { code: Code.TOKEN_EXPIRED, message: 'expired' });
    });
    const navigate = vi.fn();
    const api = createApiClient({ store: memoryStore(), navigate, language: () => 'en', fetch: fetchImpl });
    await expect(api.request('GET', '/v2/epaks')).rejects.toMatchObject({ code: Code.TOKEN_EXPIRED });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(navigate).toHaveBeenCalledWith('/accessdenied?status=expired');
  });

  it('without a token a non-public call is refused locally as 403', async () => {
    const server = fakeServer();
    const store = memoryStore();
    store.clear();
    const { api, navigate } = client(server, store);
    await expect(api.request('GET', '/v2/epaks')).rejects.toMatchObject({ status: 403 });
    expect(server.fetchImpl).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('passes the -200 challenge to the two-factor page', async () => {
    const challenge = { otpToken: 't', otpId: 'id', maskedEmail: 'a***@b.c', expiresIn: 300 };
    const fetchImpl = vi.fn(async () =>
      json(403, { code: Code.TWO_FACTOR_REQUIRED, message: 'otp', data: challenge }),
    );
    const navigate = vi.fn();
    const onRedirectData = vi.fn();
    const api = createApiClient({
      store: memoryStore(),
      navigate,
      onRedirectData,
      language: () => 'en',
      fetch: fetchImpl,
    });
    await expect(
      api.request('POST', '/v1/authenticate', { isPublic: true, form: { username: 'a', password: 'b' } }),
    ).rejects.toMatchObject({ handled: true });
    expect(onRedirectData).toHaveBeenCalledWith('/authenticate', challenge);
    expect(navigate).toHaveBeenCalledWith('/authenticate');
  });

  it('a network failure rejects with status 0 and moves nowhere', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const navigate = vi.fn();
    const api = createApiClient({ store: memoryStore(), navigate, language: () => 'en', fetch: fetchImpl });
    await expect(api.request('GET', '/v2/epaks')).rejects.toMatchObject({ status: 0 });
    expect(navigate).not.toHaveBeenCalled();
  });
});

/**
 * The client holds access-0/refresh-0; the server already wants access-1 and accepts refresh-0
 * exactly once (a second use would be a reuse, which the real server punishes).
 */
function staleClientServer(opts: { slow?: string } = {}) {
  let current = 1;
  let valid: string | null = 'refresh-0';
  const refreshCalls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (url.startsWith('/msbapi/v1/authenticate')) {
      const form = new URLSearchParams(String(init?.body));
      refreshCalls.push(form.get('refresh_token') ?? '');
      await new Promise((r) => setTimeout(r, 10));
      if (form.get('refresh_token') !== valid)
        return json(401, { code: Code.INVALID_TOKEN, message: 'reused' });
      valid = null;
      current = 2;
      return json(200, { code: 1, data: tokens(2) });
    }
    const fresh = headers.access_token === `access-${current}`;
    if (opts.slow && url.startsWith(`/msbapi${opts.slow}`)) await new Promise((r) => setTimeout(r, 60));
    if (!fresh) return json(401, { code: Code.TOKEN_EXPIRED, message: 'expired' });
    return json(200, { code: 1, data: { url } });
  });
  return { fetchImpl, refreshCalls };
}
