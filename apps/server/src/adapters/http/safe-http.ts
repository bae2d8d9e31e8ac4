import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed, hostKey, type OutboundAllowList } from './address-rules.ts';

/**
 * The one client for URLs that people, not the operator, choose (issue 17, point 5): callbacks,
 * and the OCSP / CRL addresses that certificates inside uploaded PDFs name. It refuses addresses
 * of `address-rules.ts` twice: when a URL is set (`checkUrl`, resolving its host) and when it is
 * called — the socket's own `lookup` checks what the name resolves to at that moment, so a name
 * that resolved to a public address when it was set and to 127.0.0.1 now (DNS rebinding) is
 * refused. Redirects are never followed: the 3xx is the answer.
 */

export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The system's resolver (getaddrinfo, with /etc/hosts), as the sockets would use it. */
export const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Thrown (and given to the socket) when a URL's address is not one Signet may call. */
export class OutboundRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(reason: string) {
    super(`address not allowed: ${reason}`);
  }
}

export function isOutboundRefused(error: unknown): boolean {
  return (
    error instanceof OutboundRefusedError ||
    (error instanceof Error && (error as { code?: unknown }).code === 'ERR_OUTBOUND_REFUSED')
  );
}

export type UrlVerdict = 'ok' | 'not-http' | 'address-not-allowed';

export interface OutboundClient {
  /**
   * Whether a URL may be stored for later calls. A name that does not resolve now is accepted —
   * its DNS may not be live yet, and every call checks again.
   */
  checkUrl(url: string): Promise<UrlVerdict>;
  /**
   * `fetch` for these URLs: no redirects followed, the body read into memory up to a cap
   * (`maxBodyBytes` for this call, else the client's).
   */
  fetch(input: string | URL | Request, init?: OutboundInit): Promise<Response>;
  /**
   * For protocols other than HTTP to a host a tenant chose (the LDAP directory): throws
   * `OutboundRefusedError` for a refused literal address, else the `lookup` to give `net.connect`
   * / `tls.connect`, which refuses what the name resolves to at connect time, as `fetch` does.
   */
  socketLookup(hostname: string): LookupFunction;
}

export type OutboundInit = RequestInit & { maxBodyBytes?: number };

export interface OutboundOptions {
  allow: OutboundAllowList;
  resolve?: HostResolver;
  /** An answer's body larger than this fails the call (CRLs of large CAs run to a few MB). */
  maxBodyBytes?: number;
  /** When the caller gives no signal. */
  timeoutMs?: number;
}

const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
/** How long setting a URL may wait for DNS before it is accepted unresolved. */
const CHECK_RESOLVE_MS = 5_000;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function createOutboundClient(options: OutboundOptions): OutboundClient {
  const { allow } = options;
  const resolve = options.resolve ?? systemResolver;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  /** The URL's host when it is an address, checked; null when it is a name. */
  function literalAddress(url: URL): string | null {
    const host = hostKey(url.hostname);
    if (!isIP(host)) return null;
    if (!addressAllowed(host, allow)) throw new OutboundRefusedError(host);
    return host;
  }

  /** The socket's resolver: every address the name has now must be allowed. */
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const host = hostKey(hostname);
    resolve(host).then(
      (found) => {
        const wanted = found.filter((a) => !lookupOptions.family || a.family === lookupOptions.family);
        const first = wanted[0];
        if (!first) {
          const error = Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
        } else if (!allow.hosts.has(host) && found.some((a) => !addressAllowed(a.address, allow))) {
          callback(new OutboundRefusedError(host), '', 0);
        } else if (lookupOptions.all) {
          (callback as unknown as (e: null, all: typeof wanted) => void)(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };

  async function checkUrl(raw: string): Promise<UrlVerdict> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'not-http';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not-http';
    const host = hostKey(url.hostname);
    if (allow.hosts.has(host)) return 'ok';
    try {
      if (literalAddress(url)) return 'ok';
    } catch {
      return 'address-not-allowed';
    }
    let timer: NodeJS.Timeout | undefined;
    const found = await Promise.race([
      resolve(host).catch(() => []),
      new Promise<[]>((done) => {
        timer = setTimeout(() => done([]), CHECK_RESOLVE_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    return found.every((a) => addressAllowed(a.address, allow)) ? 'ok' : 'address-not-allowed';
  }

  async function safeFetch(input: string | URL | Request, init: OutboundInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new OutboundRefusedError(`${url.protocol} is not http or https`);
    literalAddress(url);
    const body = await bodyBytes(init.body);
    const headers = new Headers(init.headers);
    if (body) headers.set('content-length', String(body.byteLength));
    const requestOptions: RequestOptions = {
      method: init.method ?? (input instanceof Request ? input.method : 'GET'),
      headers: Object.fromEntries(headers),
      // A fresh connection each time: no socket a pool resolved earlier is reused.
      agent: false,
      lookup,
      signal: init.signal ?? AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolveResponse, reject) => {
      const req = send(url, requestOptions, (res) => {
        readBody(res, init.maxBodyBytes ?? maxBodyBytes).then(
          (bytes) => resolveResponse(toResponse(res, bytes)),
          (error: unknown) => {
            req.destroy();
            reject(error);
          },
        );
      });
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  }

  function socketLookup(hostname: string): LookupFunction {
    const host = hostKey(hostname);
    if (isIP(host) && !addressAllowed(host, allow)) throw new OutboundRefusedError(host);
    return lookup;
  }

  return { checkUrl, fetch: safeFetch, socketLookup };
}

async function bodyBytes(body: RequestInit['body']): Promise<Uint8Array | null> {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('The outbound client sends strings and bytes only');
}

function readBody(res: IncomingMessage, max: number): Promise<Uint8Array> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        res.destroy(new Error(`answer larger than ${max} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => done(Buffer.concat(chunks)));
    res.on('error', fail);
    res.on('close', () => {
      if (!res.complete) fail(new Error('the answer was cut off'));
    });
  });
}

function toResponse(res: IncomingMessage, bytes: Uint8Array): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, v);
  }
  const status = res.statusCode ?? 0;
  return new Response(NULL_BODY_STATUSES.has(status) ? null : bytes, {
    status,
    statusText: res.statusMessage ?? '',
    headers,
  });
}
