import {
  type AuthFactor,
  type RemoteCredential,
  RemoteSigningError,
  type RemoteSigningFailure,
  type RemoteSigningProvider,
} from '../../domain/signing/providers/remote-signing-provider.ts';

/**
 * A Cloud Signature Consortium API v2 client over fetch: `{baseUrl}/csc/v2/credentials/list`,
 * `credentials/info`, `credentials/authorize` and `signatures/signHash`, with a service access
 * token from the OAuth 2.0 client-credentials grant (`{baseUrl}/oauth2/token` unless `tokenUrl`
 * says otherwise). The user is named by `userID` (Signet sends the signer's email), as CSC allows
 * under a service authorisation.
 */
export interface CscV2Settings {
  id: string;
  baseUrl: string;
  tokenUrl?: string | undefined;
  clientId: string;
  clientSecret: string;
  timeoutSeconds: number;
}

interface CscErrorBody {
  error?: string;
  error_description?: string;
}

/** A CSC error string (and its description) as one of Signet's failure kinds. */
export function failureOf(status: number, body: CscErrorBody): RemoteSigningFailure {
  const error = (body.error ?? '').toLowerCase();
  const text = `${error} ${body.error_description ?? ''}`.toLowerCase();
  // The card or device holding the key is blocked (403), not only its PIN (402).
  if (/\b(card|device|token|account)\b[^.]*\b(locked|blocked)\b/.test(text)) return 'cardBlocked';
  if (/\b(locked|blocked)\b/.test(text)) return 'pinBlocked';
  // An earlier request of the signer is still being processed (504).
  if (/\b(in process|in progress|still processing)\b/.test(text)) return 'inProcess';
  if (error === 'invalid_pin' || /\bpin\b/.test(text)) return 'wrongPin';
  if (error === 'invalid_otp' || /\botp\b/.test(text)) return 'wrongOtp';
  if (status === 401 || error === 'invalid_client' || error === 'invalid_token') return 'unauthorized';
  if (/credential/.test(text) && /(disabled|revoked|expired|suspended)/.test(text))
    return 'credentialUnusable';
  if (status >= 500) return 'unavailable';
  return 'invalidRequest';
}

const asString = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const asFormat = (v: unknown): 'A' | 'N' | null => (v === 'A' || v === 'N' ? v : null);

/**
 * The factors of `credentials/info`: v2's `auth` (`mode`, `expression`, `objects` with ids PIN
 * and OTP), else the v1 shape some providers still answer (`authMode`, `PIN`, `OTP` with
 * `presence`). An expression with OR leaves each factor optional: the provider judges the set.
 */
function authOf(info: Record<string, unknown>): Pick<RemoteCredential, 'pin' | 'otp' | 'authMode'> {
  const auth = info.auth as
    | {
        mode?: string;
        expression?: string;
        objects?: { id?: string; type?: string; label?: string; format?: string }[];
      }
    | undefined;
  if (auth && typeof auth === 'object') {
    const mode = auth.mode === 'oauth2code' || auth.mode === 'implicit' ? auth.mode : 'explicit';
    const anyOf = /\b(OR|XOR)\b/.test(auth.expression ?? '');
    const factor = (id: string): AuthFactor | null => {
      const o = (auth.objects ?? []).find((x) => (x.id ?? '').toUpperCase() === id);
      return o ? { required: !anyOf, label: asString(o.label), format: asFormat(o.format) } : null;
    };
    return { authMode: mode, pin: factor('PIN'), otp: factor('OTP') };
  }
  const v1 = (key: string): AuthFactor | null => {
    const o = info[key] as { presence?: string; label?: string; format?: string } | undefined;
    if (!o || o.presence === 'false') return null;
    return { required: o.presence === 'true', label: asString(o.label), format: asFormat(o.format) };
  };
  const mode = info.authMode === 'oauth2code' || info.authMode === 'implicit' ? info.authMode : 'explicit';
  return { authMode: mode, pin: v1('PIN'), otp: v1('OTP') };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function createCscV2Provider(settings: CscV2Settings): RemoteSigningProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const tokenUrl = settings.tokenUrl ?? `${base}/oauth2/token`;
  let token: { value: string; until: number } | null = null;

  async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutSeconds * 1000),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new RemoteSigningError(
          'timeout',
          `${settings.id} did not answer in ${settings.timeoutSeconds} s`,
        );
      throw new RemoteSigningError('unavailable', `${settings.id} cannot be reached`);
    }
    const text = await res.text();
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      if (res.ok)
        throw new RemoteSigningError('unavailable', `${settings.id} answered something that is not JSON`);
    }
    return { status: res.status, body };
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const { status, body } = await send(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
    });
    const b = body as { access_token?: unknown; expires_in?: unknown } & CscErrorBody;
    if (status !== 200 || typeof b.access_token !== 'string')
      throw new RemoteSigningError(
        'unauthorized',
        `${settings.id} refused Signet's client credentials`,
        b.error,
      );
    const lifetime = typeof b.expires_in === 'number' ? b.expires_in : 300;
    // Renewed a little early, so a token never expires between the check and the call.
    token = { value: b.access_token, until: Date.now() + Math.max(lifetime - 30, 1) * 1000 };
    return token.value;
  }

  async function call(method: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const { status, body } = await send(`${base}/csc/v2/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
        body: JSON.stringify(payload),
      });
      // The provider may end a service token before its announced lifetime: one fresh try.
      if (status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const b = (body ?? {}) as Record<string, unknown> & CscErrorBody;
      if (status >= 200 && status < 300) return b;
      throw new RemoteSigningError(
        failureOf(status, b),
        `${settings.id} refused ${method}: ${b.error_description ?? b.error ?? `HTTP ${status}`}`,
        b.error ?? null,
      );
    }
  }

  return {
    id: settings.id,

    async listCredentials(userId) {
      const b = await call('credentials/list', { userID: userId });
      const ids = b.credentialIDs;
      return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
    },

    async credentialInfo(credentialId) {
      const b = await call('credentials/info', {
        credentialID: credentialId,
        certificates: 'chain',
        certInfo: true,
        authInfo: true,
      });
      const key = (b.key ?? {}) as { status?: string; algo?: unknown };
      const cert = (b.cert ?? {}) as { status?: string; certificates?: unknown };
      const certificates = Array.isArray(cert.certificates)
        ? cert.certificates
            .filter((c): c is string => typeof c === 'string')
            .map((c) => new Uint8Array(Buffer.from(c, 'base64')))
        : [];
      const keyStatus = key.status ?? 'enabled';
      const certStatus = cert.status ?? 'valid';
      return {
        credentialId,
        certificates,
        keyAlgorithms: Array.isArray(key.algo)
          ? key.algo.filter((a): a is string => typeof a === 'string')
          : [],
        usable: keyStatus === 'enabled' && certStatus === 'valid' && certificates.length > 0,
        status:
          certificates.length === 0
            ? 'the provider gave no certificate'
            : `key ${keyStatus}, certificate ${certStatus}`,
        ...authOf(b),
      };
    },

    async authorize(request) {
      const authData = [
        ...(request.pin ? [{ id: 'PIN', value: request.pin }] : []),
        ...(request.otp ? [{ id: 'OTP', value: request.otp }] : []),
      ];
      const b = await call('credentials/authorize', {
        credentialID: request.credentialId,
        numSignatures: request.hashes.length,
        hashes: request.hashes.map(b64),
        hashAlgorithmOID: request.hashAlgorithmOid,
        ...(authData.length > 0 ? { authData } : {}),
        ...(request.description ? { description: request.description } : {}),
      });
      if (typeof b.SAD !== 'string')
        throw new RemoteSigningError('unavailable', `${settings.id} gave no SAD`);
      return b.SAD;
    },

    async signHash(request) {
      const b = await call('signatures/signHash', {
        credentialID: request.credentialId,
        SAD: request.sad,
        hashes: request.hashes.map(b64),
        hashAlgorithmOID: request.hashAlgorithmOid,
        signAlgo: request.signAlgorithmOid,
        operationMode: 'S',
      });
      const signatures = Array.isArray(b.signatures) ? b.signatures : [];
      if (signatures.length !== request.hashes.length || !signatures.every((s) => typeof s === 'string'))
        throw new RemoteSigningError('unavailable', `${settings.id} returned no signature for each hash`);
      return signatures.map((s) => new Uint8Array(Buffer.from(s as string, 'base64')));
    },
  };
}
