import { createHash } from 'node:crypto';
import {
  fetchedRevocationOf,
  ocspRequest,
  type RevocationFinding,
  revocationAddresses,
  type SignatureReport,
  serialOf,
} from '@signet/pdf';
import { isOutboundRefused } from '../../adapters/http/safe-http.ts';
import type { Deps } from '../deps.ts';

/**
 * Revocation asked online for `/public/verify` (issue 15): when the file proves nothing about a
 * signer certificate whose chain was built, the server asks the OCSP responder its AIA names, else
 * the CRL its CDP names — through the outbound client (no private addresses unless the installation
 * allows them, bodies capped), a few seconds per request and a few requests per verification. The
 * engine judges the answers as it judges embedded ones (signed by the issuer or a responder it
 * certified). Answers are kept a few minutes by address and certificate to spare responders;
 * failures are not kept. `VERIFY_FETCH_REVOCATION=0` turns this off.
 */

/** Per request: a responder slower than this counts as down. */
export const FETCH_TIMEOUT_MS = 3_000;
/** Requests one verification may make, whatever the number of signatures. */
export const MAX_REQUESTS_PER_VERIFICATION = 4;
const MAX_OCSP_BYTES = 64 * 1024;
const MAX_CRL_BYTES = 4 * 1024 * 1024;
const CACHE_MS = 5 * 60_000;
const CACHE_ENTRIES = 500;

export type OnlineRevocation = { finding: RevocationFinding } | { problem: string };

type Cache = Map<string, { finding: RevocationFinding; until: number }>;

/** One cache per server (its Deps), in memory: several servers in one process keep theirs apart. */
const caches = new WeakMap<Deps, Cache>();

function cacheOf(deps: Deps): Cache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new Map();
    caches.set(deps, cache);
  }
  return cache;
}

function cached(cache: Cache, key: string, now: number): RevocationFinding | undefined {
  const hit = cache.get(key);
  if (!hit) return undefined;
  if (hit.until > now) return hit.finding;
  cache.delete(key);
  return undefined;
}

function remember(cache: Cache, key: string, finding: RevocationFinding, now: number): void {
  if (cache.size >= CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { finding, until: now + CACHE_MS });
}

/** Why a request gave nothing, in words for the problem line. */
function reasonOf(error: unknown): string {
  if (isOutboundRefused(error)) return 'its address is not one this service may call';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${FETCH_TIMEOUT_MS / 1000} s`;
  if (error instanceof Error && /larger than/.test(error.message)) return 'the answer is too large';
  return 'unreachable';
}

function pemOrDer(body: Uint8Array): Uint8Array {
  const head = Buffer.from(body.subarray(0, 30)).toString('latin1');
  if (!head.startsWith('-----BEGIN')) return body;
  return Buffer.from(
    Buffer.from(body)
      .toString('latin1')
      .replace(/-----[^-]+-----/g, '')
      .replace(/\s/g, ''),
    'base64',
  );
}

interface Budget {
  left: number;
}

async function ask(
  deps: Deps,
  url: string,
  init: { method: 'GET' } | { method: 'POST'; body: Uint8Array },
  maxBodyBytes: number,
  budget: Budget,
): Promise<{ bytes: Uint8Array } | { reason: string }> {
  if (budget.left <= 0) return { reason: 'too many requests for one verification' };
  budget.left--;
  try {
    const res = await deps.outbound.fetch(url, {
      ...init,
      ...(init.method === 'POST' ? { headers: { 'content-type': 'application/ocsp-request' } } : {}),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      maxBodyBytes,
    });
    if (!res.ok) return { reason: `it answered HTTP ${res.status}` };
    return { bytes: new Uint8Array(await res.arrayBuffer()) };
  } catch (error) {
    return { reason: reasonOf(error) };
  }
}

/** The OCSP answer, else the CRL, about one signer certificate; a problem line when neither tells. */
async function askAbout(
  signer: Uint8Array,
  issuer: Uint8Array,
  deps: Deps,
  budget: Budget,
): Promise<OnlineRevocation | undefined> {
  const addresses = revocationAddresses(signer);
  if (addresses.ocsp.length === 0 && addresses.crl.length === 0) return undefined;
  const serial = serialOf(signer);
  const issuerKey = createHash('sha256').update(issuer).digest('hex');
  const now = Date.now();
  const cache = cacheOf(deps);
  const reasons: string[] = [];
  for (const url of addresses.ocsp.slice(0, 2)) {
    const key = `${url}#${issuerKey}#${serial}`;
    const hit = cached(cache, key, now);
    if (hit) return { finding: hit };
    const got = await ask(
      deps,
      url,
      { method: 'POST', body: ocspRequest(signer, issuer) },
      MAX_OCSP_BYTES,
      budget,
    );
    if ('reason' in got) {
      reasons.push(`the OCSP responder ${url}: ${got.reason}`);
      continue;
    }
    const finding = fetchedRevocationOf(signer, issuer, { ocsp: got.bytes });
    if (finding) {
      remember(cache, key, finding, now);
      return { finding };
    }
    reasons.push(
      `the OCSP responder ${url}: its answer is not about this certificate or not signed by its issuer`,
    );
  }
  for (const url of addresses.crl.slice(0, 2)) {
    const key = `${url}#${issuerKey}#${serial}`;
    const hit = cached(cache, key, now);
    if (hit) return { finding: hit };
    const got = await ask(deps, url, { method: 'GET' }, MAX_CRL_BYTES, budget);
    if ('reason' in got) {
      reasons.push(`the CRL ${url}: ${got.reason}`);
      continue;
    }
    const finding = fetchedRevocationOf(signer, issuer, { crl: pemOrDer(got.bytes) });
    if (finding) {
      remember(cache, key, finding, now);
      return { finding };
    }
    reasons.push(`the CRL ${url}: not a CRL signed by the certificate's issuer`);
  }
  return { problem: `Revocation could not be checked online: ${reasons.join('; ')}.` };
}

/**
 * For each signature (by index) whose chain was built and whose revocation the file does not prove:
 * the answer asked online, or the problem line saying why there is none. `skip` names signatures
 * already answered otherwise (a tenant CA of this service). Nothing when turned off.
 */
export async function fetchRevocations(
  signatures: SignatureReport[],
  deps: Deps,
  skip: (s: SignatureReport) => boolean,
): Promise<Map<number, OnlineRevocation>> {
  const out = new Map<number, OnlineRevocation>();
  if (deps.settings.verifyFetchRevocation === false) return out;
  const budget: Budget = { left: MAX_REQUESTS_PER_VERIFICATION };
  for (const [i, s] of signatures.entries()) {
    if (s.kind !== 'signature' || s.revocation || !s.signerDer || !s.issuerDer || skip(s)) continue;
    try {
      const answer = await askAbout(s.signerDer, s.issuerDer, deps, budget);
      if (answer) out.set(i, answer);
    } catch (error) {
      deps.log.warn({ err: error }, 'online revocation check failed');
      out.set(i, { problem: 'Revocation could not be checked online: the certificate could not be read.' });
    }
  }
  return out;
}
