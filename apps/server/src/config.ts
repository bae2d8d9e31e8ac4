import { resolve } from 'node:path';
import { type OutboundAllowList, parseOutboundAllow } from './adapters/http/address-rules.ts';
import { parseSigningProviders, type SigningProviderConfig } from './adapters/signing/signing-providers.ts';
import type { S3Settings } from './adapters/storage/s3-blob-store.ts';

/** Everything the server reads from the environment, read once at start. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database, blobs and generated keys. */
  dataDir: string;
  /** PostgreSQL URL; null uses the embedded PGlite under `dataDir`. */
  databaseUrl: string | null;
  /** Base URL put into links sent by email. */
  appUrl: string;
  /** `true` forces the demo data; `false` prevents it; `null` creates it on an empty database. */
  demo: boolean | null;
  /** With the demo data, the demo tenant's weeks of ePaks on first start (`SIGNET_DEMO_HISTORY=0`: none). */
  demoHistory: boolean;
  /** Client credentials for `POST /public/token`; the secret defaults to the demo one in demo mode. */
  clientId: string;
  clientSecret: string | null;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Bind access tokens to the address they were issued to (code -26 on mismatch). */
  bindTokenToIp: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Requests per minute per address on the token, one-time-code and password endpoints. */
  authRateLimitPerMinute: number;
  /** Redis (`REDIS_URL`) shares the auth rate-limit counts between processes; null counts per process. */
  redisUrl: string | null;
  /** Prefix of this installation's Redis keys (`REDIS_PREFIX`), for several installations on one Redis. */
  redisPrefix: string;
  /**
   * Behind a reverse proxy (`TRUST_PROXY=1`): the client address and `https` come from
   * X-Forwarded-For / X-Forwarded-Proto (rate limits per address, sign-in delays, HSTS).
   */
  trustProxy: boolean;
  allowSignup: boolean;
  logLevel: string;
  /**
   * `METRICS_TOKEN`: /metrics answers callers that send it as `Authorization: Bearer`; without it
   * /metrics answers loopback callers only (http/metrics.ts).
   */
  metricsToken: string | null;
  webDistDir: string;
  /** Prefixes the API also answers under (API_PREFIXES, comma-separated), for older integrations. */
  extraApiPrefixes: string[];
  /** 32-byte key that encrypts private keys at rest; generated into the data folder when absent. */
  masterKey: string | null;
  /** RFC 3161 timestamp authority URL (PAdES B-T and, at completion, B-LTA). */
  tsaUrl: string | null;
  /**
   * Roots /verify trusts besides the tenants' own CAs (docs/features.md "Verify"): PEM bundle files,
   * the platform's trust list (`SIGNET_TRUST_LIST`: e.g. the TSA's and signing providers' roots)
   * and national roots (`SIGNET_NATIONAL_ROOTS`: e.g. a country's controller of certifying authorities).
   */
  trustListFile: string | null;
  nationalRootsFile: string | null;
  sofficePath: string | null;
  /**
   * Sandbox pool for PDF work: worker processes (`SANDBOX_WORKERS`; null: min(2, cores)) and
   * tasks one tenant may have waiting (`SANDBOX_QUEUE_PER_TENANT`; null: the engine's default).
   */
  sandboxWorkers: number | null;
  sandboxQueuePerTenant: number | null;
  /** Scheduled jobs (expiry, reminders, mail retries, retention, blob sweep); SIGNET_JOBS=0 turns them off. */
  jobs: boolean;
  /** Blobs in an S3-compatible bucket when `S3_BUCKET` is set; otherwise files under `dataDir`. */
  s3: S3Settings | null;
  /**
   * Remote signing providers (CSC API v2) for the AADHAAR, TRANSSPED, … policies:
   * `SIGNET_SIGNING_PROVIDERS`, a JSON array (see adapters/signing/signing-providers.ts).
   */
  signingProviders: SigningProviderConfig[];
  /**
   * Addresses, CIDR ranges and host names the outbound client may call although they are
   * loopback, private or link-local (`SIGNET_OUTBOUND_ALLOW`), for on-premises integrations.
   */
  outboundAllow: OutboundAllowList;
  /**
   * `/public/verify` asks the signer certificate's OCSP responder, else its CRL, when the file
   * proves no revocation status (`VERIFY_FETCH_REVOCATION`, default on; 0 turns it off).
   */
  verifyFetchRevocation: boolean;
  /**
   * Microsoft addresses for "From OneDrive" (issue 22): Graph (`SIGNET_GRAPH_BASE_URL`), where
   * browsers sign in (`SIGNET_MICROSOFT_LOGIN_URL`) and the OneDrive File Picker v8
   * (`SIGNET_ONEDRIVE_PICKER_URL`; a OneDrive for Business picker is
   * `https://<tenant>-my.sharepoint.com/_layouts/15/FilePicker.aspx`).
   */
  microsoft: { graphBaseUrl: string; loginUrl: string; pickerUrl: string };
}

type Env = Record<string, string | undefined>;

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${key} must be a non-negative integer, got "${raw}"`);
  return value;
}

function flag(env: Env, key: string): boolean | null {
  const raw = env[key];
  if (raw === undefined || raw === '') return null;
  return raw === '1' || raw.toLowerCase() === 'true';
}

function s3Settings(env: Env, bucket: string): S3Settings {
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length > 0) throw new Error(`S3_BUCKET is set, so ${missing.join(', ')} must be too`);
  return {
    endpoint: env.S3_ENDPOINT as string,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    prefix: env.S3_PREFIX ?? '',
  };
}

export function loadConfig(env: Env = process.env): Config {
  // npm runs workspace scripts inside the workspace; INIT_CWD is where `npm start` was typed.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const port = int(env, 'PORT', 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(baseDir, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    demo: flag(env, 'SIGNET_DEMO'),
    demoHistory: flag(env, 'SIGNET_DEMO_HISTORY') ?? true,
    clientId: env.SIGNET_CLIENT_ID ?? 'signet-web',
    clientSecret: env.SIGNET_CLIENT_SECRET || null,
    jwtSecret: env.SIGNET_JWT_SECRET || null,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 900),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600),
    bindTokenToIp: flag(env, 'SIGNET_BIND_TOKEN_IP') ?? false,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Signet <no-reply@signet.local>',
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT', 30),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'signet:',
    trustProxy: flag(env, 'TRUST_PROXY') ?? false,
    allowSignup: flag(env, 'SIGNET_ALLOW_SIGNUP') ?? true,
    logLevel: env.LOG_LEVEL ?? 'info',
    metricsToken: env.METRICS_TOKEN || null,
    // SIGNET_WEB_DIR: a web build kept elsewhere (npm run bench:web measures its own build).
    webDistDir: env.SIGNET_WEB_DIR
      ? resolve(baseDir, env.SIGNET_WEB_DIR)
      : resolve(import.meta.dirname, '../../web/dist'),
    extraApiPrefixes: (env.API_PREFIXES ?? '/mysignaturebook/msbapi,/signdrive/msbapi')
      .split(',')
      .map((p) => `/${p.trim().replace(/^\/+|\/+$/g, '')}`)
      .filter((p) => p !== '/'),
    masterKey: env.SIGNET_MASTER_KEY || null,
    tsaUrl: env.SIGNET_TSA_URL || null,
    trustListFile: env.SIGNET_TRUST_LIST ? resolve(baseDir, env.SIGNET_TRUST_LIST) : null,
    nationalRootsFile: env.SIGNET_NATIONAL_ROOTS ? resolve(baseDir, env.SIGNET_NATIONAL_ROOTS) : null,
    sofficePath: env.SOFFICE_PATH || null,
    sandboxWorkers: env.SANDBOX_WORKERS ? Math.max(1, int(env, 'SANDBOX_WORKERS', 1)) : null,
    sandboxQueuePerTenant: env.SANDBOX_QUEUE_PER_TENANT ? int(env, 'SANDBOX_QUEUE_PER_TENANT', 0) : null,
    jobs: flag(env, 'SIGNET_JOBS') ?? true,
    s3: env.S3_BUCKET ? s3Settings(env, env.S3_BUCKET) : null,
    signingProviders: parseSigningProviders(env.SIGNET_SIGNING_PROVIDERS),
    outboundAllow: parseOutboundAllow(env.SIGNET_OUTBOUND_ALLOW),
    verifyFetchRevocation: flag(env, 'VERIFY_FETCH_REVOCATION') ?? true,
    microsoft: {
      graphBaseUrl: (env.SIGNET_GRAPH_BASE_URL || 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
      loginUrl: (env.SIGNET_MICROSOFT_LOGIN_URL || 'https://login.microsoftonline.com').replace(/\/+$/, ''),
      pickerUrl: env.SIGNET_ONEDRIVE_PICKER_URL || 'https://onedrive.live.com/picker',
    },
  };
}
