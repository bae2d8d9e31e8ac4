import { Code, SESSION_INVALID_CODES, type TokenResponse } from '@signet/contracts';

/**
 * The session module of spec §4 and §8: every call to the server goes through `request`, which
 * adds the headers, unwraps `{code, data}` and applies the client rules for answers. Expired
 * tokens are refreshed once for all concurrent requests, which wait for it and are retried once.
 */

export type Destination =
  | '/changepassword'
  | '/authenticate'
  | '/accessdenied?status=expired'
  | '/accessdenied?status=unauthorized'
  | '/accessdenied?status=licenseexpired'
  | '/accessdenied?status=servererror'
  | '/accessdenied?status=forbidden';

/** What to do with one answer. Pure, so every row of the spec §8 table is a unit test. */
export type Verdict =
  | { kind: 'ok' }
  | { kind: 'refresh' }
  | { kind: 'redirect'; to: Destination; clearSession: boolean }
  | { kind: 'fail' };

export interface AnswerFacts {
  status: number;
  code: number | null;
  data: unknown;
  /** Public calls (sign-in, reset…) have no session to refresh or clear. */
  isPublic: boolean;
  url: string;
}

const SUCCESS_CODES: readonly number[] = [Code.SUCCESS, Code.HASH_GENERATED];

function isLocaleBundle(url: string): boolean {
  return /\/locales?\//.test(url);
}

export function classifyAnswer(a: AnswerFacts): Verdict {
  if (a.status >= 200 && a.status < 300 && (a.code === null || SUCCESS_CODES.includes(a.code))) {
    return { kind: 'ok' };
  }
  if (a.code === Code.USER_NOT_ENABLED && (a.data === 'expired' || a.data === 'resetpassword')) {
    return { kind: 'redirect', to: '/changepassword', clearSession: false };
  }
  if (a.code === Code.TWO_FACTOR_REQUIRED)
    return { kind: 'redirect', to: '/authenticate', clearSession: false };
  if (a.code === Code.TRIAL_EXPIRED) {
    return { kind: 'redirect', to: '/accessdenied?status=licenseexpired', clearSession: false };
  }
  if (a.status === 500)
    return { kind: 'redirect', to: '/accessdenied?status=servererror', clearSession: false };
  // A failed sign-in or password reset is the page's to explain, not a session problem.
  if (a.isPublic) return { kind: 'fail' };
  if (a.code !== null && SESSION_INVALID_CODES.includes(a.code)) {
    return { kind: 'redirect', to: '/accessdenied?status=unauthorized', clearSession: true };
  }
  if (a.code === Code.TOKEN_EXPIRED || a.status === 401) return { kind: 'refresh' };
  if (a.status === 403 && !isLocaleBundle(a.url)) {
    return { kind: 'redirect', to: '/accessdenied?status=forbidden', clearSession: false };
  }
  return { kind: 'fail' };
}

/** A refused call: the server's code, message and data, or status 0 when the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly data: unknown = undefined,
    /** True when the client already moved the user elsewhere; pages then show nothing more. */
    readonly handled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface TokenStore {
  accessToken(): string | null;
  refreshToken(): string | null;
  tenantId(): string | null;
  saveTokens(tokens: TokenResponse): void;
  clear(): void;
}

export interface ApiClientOptions {
  store: TokenStore;
  navigate: (to: Destination) => void;
  /** The -200 and -73 answers carry what the next page needs (the challenge, the reason). */
  onRedirectData?: (to: Destination, data: unknown) => void;
  language: () => string;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Form-encoded body (sign-in and refresh). */
  form?: Record<string, string>;
  /** Multipart body (uploads). */
  formData?: FormData;
  /** Upload progress from 0 to 1; the request then goes through XMLHttpRequest, which reports it. */
  onUploadProgress?: (fraction: number) => void;
  /** No token needed or sent (spec §7 /public calls and the sign-in itself). */
  isPublic?: boolean;
}

interface Envelope {
  code?: number;
  data?: unknown;
  metadata?: unknown;
  message?: string;
}

/** fetch() cannot report upload progress; XMLHttpRequest can. Answers a Response all the same. */
function fetchWithUploadProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | FormData | undefined },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [k, v] of Object.entries(init.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      onProgress(1);
      resolve(new Response(xhr.responseText, { status: xhr.status }));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(init.body ?? null);
  });
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '/msbapi';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let refreshing: Promise<boolean> | null = null;

  function buildUrl(method: string, path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
    // Spec §7: GET calls carry a ts parameter so no cache answers them.
    if (method === 'GET') params.set('ts', String(Date.now()));
    const qs = params.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(method: string, path: string, opts: RequestOptions) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.language(),
    };
    let body: string | FormData | undefined;
    if (opts.formData) {
      body = opts.formData;
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const token = options.store.accessToken();
    if (!opts.isPublic) {
      // Spec §7: a request with no available token is refused here, as a 403, without a round trip
      // and without moving the user (the route guards send a signed-out visitor to /login).
      if (!token) throw new ApiError(403, Code.NOT_AUTHORIZED, 'No session');
      headers.access_token = token;
    }
    const tenant = options.store.tenantId();
    if (tenant) headers.tenant_id = tenant;
    let res: Response;
    try {
      const url = buildUrl(method, path, opts.query);
      res = opts.onUploadProgress
        ? await fetchWithUploadProgress(url, { method, headers, body }, opts.onUploadProgress)
        : await doFetch(url, { method, headers, body });
    } catch {
      return { status: 0, envelope: { message: 'Network error' } as Envelope, token };
    }
    const envelope = (await res.json().catch(() => ({}))) as Envelope;
    return { status: res.status, envelope, token };
  }

  /** One refresh for everyone: callers arriving while it runs wait for the same promise. */
  function refreshSession(): Promise<boolean> {
    refreshing ??= (async () => {
      const refreshToken = options.store.refreshToken();
      if (!refreshToken) return false;
      const { status, envelope } = await send('POST', '/v1/authenticate', {
        isPublic: true,
        form: { grant_type: 'refresh_token', refresh_token: refreshToken },
      });
      if (status !== 200 || envelope.code !== Code.SUCCESS) return false;
      options.store.saveTokens(envelope.data as TokenResponse);
      return true;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function expire(): never {
    options.store.clear();
    options.navigate('/accessdenied?status=expired');
    throw new ApiError(401, Code.TOKEN_EXPIRED, 'Unable to recover session !', undefined, true);
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    return (await call(method, path, opts)).data as T;
  }

  /** Like `request`, for the calls that answer `metadata` beside `data` (paged lists). */
  async function requestWithMeta<T, M>(method: string, path: string, opts: RequestOptions = {}) {
    const envelope = await call(method, path, opts);
    return { data: envelope.data as T, metadata: envelope.metadata as M };
  }

  async function call(method: string, path: string, opts: RequestOptions): Promise<Envelope> {
    let refreshed = false;
    for (;;) {
      // A refresh already under way: wait for it rather than send a token known to be stale.
      if (refreshing && !opts.isPublic) await refreshing;
      const { status, envelope, token } = await send(method, path, opts);
      const code = typeof envelope.code === 'number' ? envelope.code : null;
      const verdict = classifyAnswer({
        status,
        code,
        data: envelope.data,
        isPublic: !!opts.isPublic,
        url: path,
      });
      if (verdict.kind === 'ok') return envelope;
      if (verdict.kind === 'refresh') {
        if (refreshed) expire();
        refreshed = true;
        // Sent before someone else's refresh finished: the new token is there, just retry. Refreshing
        // again would present a spent refresh token, which the server treats as theft.
        if (token !== null && token !== options.store.accessToken()) continue;
        if (!(await refreshSession())) expire();
        continue;
      }
      const message = envelope.message ?? `HTTP ${status}`;
      if (verdict.kind === 'redirect') {
        if (verdict.clearSession) options.store.clear();
        options.onRedirectData?.(verdict.to, envelope.data);
        options.navigate(verdict.to);
        throw new ApiError(status, code ?? 0, message, envelope.data, true);
      }
      throw new ApiError(status, code ?? 0, message, envelope.data);
    }
  }

  return { request, requestWithMeta, refreshSession };
}

export type ApiClient = ReturnType<typeof createApiClient>;
