import { type AadhaarSignOutcome, type AadhaarSignStart, Code, ProviderCode } from '@signet/contracts';
import { ApiError } from '../../app/session/api-client.ts';
import { api } from '../../app/session/client.ts';
import type { SignBody } from '../sign/api.ts';

/**
 * Aadhaar eSign: the server prepares the document and answers the signed eSign request; the
 * browser posts it (a form, as eSign 2.1 wants) to the eSign service, where the signer enters the
 * OTP sent to their mobile; the service posts back to Signet, which opens /aadhaar-redirect.
 */

/** Posts the signed request to the eSign service: the page leaves Signet. */
export function postToProvider(
  start: Pick<AadhaarSignStart, 'url' | 'fields'>,
  doc: Document = document,
): void {
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = start.url;
  for (const [name, value] of Object.entries(start.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}

function isAlreadySigned(e: unknown): boolean {
  return e instanceof ApiError && e.code === Code.GENERIC_ERROR && e.status === 409;
}

/** The tenant's AADHAAR provider signs in Signet (a CSC service): the two-call flow applies. */
function isNotRedirect(e: unknown): boolean {
  return e instanceof ApiError && (e.data as { redirect?: boolean } | undefined)?.redirect === false;
}

/**
 * Starts the eSign of the first of `documentIds` the signer has not signed yet and sends the
 * browser to the eSign service. False when the tenant's AADHAAR provider is not an eSign service
 * (the caller signs through the remote-signing dialog instead); throws the server's refusal.
 */
export async function startAadhaarSigning(
  ePakId: string,
  documentIds: readonly string[],
  bodyFor: (documentId: string) => Promise<SignBody>,
  post: (start: AadhaarSignStart) => void = postToProvider,
): Promise<boolean> {
  let last: unknown = null;
  for (const documentId of documentIds) {
    try {
      const start = await api.request<AadhaarSignStart>('POST', '/v2/epak/sign/aadhaar', {
        body: { ...(await bodyFor(documentId)), ePakId, documentId },
      });
      post(start);
      return true;
    } catch (e) {
      if (isNotRedirect(e)) return false;
      if (!isAlreadySigned(e)) throw e;
      last = e;
    }
  }
  throw last ?? new Error('nothing to sign');
}

export function fetchAadhaarOutcome(txn: string): Promise<AadhaarSignOutcome> {
  return api.request<AadhaarSignOutcome>('GET', `/v2/epak/sign/aadhaar/${encodeURIComponent(txn)}`);
}

/** The message key for how a transaction failed (spec §8 codes and the provider's card codes). */
export function failureKey(outcome: Pick<AadhaarSignOutcome, 'code' | 'providerCode'>): string {
  if (outcome.code === Code.WRONG_OTP) return 'wrongOtp';
  if (outcome.code === Code.EXPIRED_SIGN_AUTH_TOKEN) return 'expired';
  if (outcome.code === Code.INVALID_SIGN_AUTH_TOKEN) return 'unknown';
  switch (outcome.providerCode) {
    case ProviderCode.UNAUTHORIZED:
      return 'cancelled';
    case ProviderCode.PIN_BLOCKED:
    case ProviderCode.CARD_BLOCKED:
      return 'blocked';
    case ProviderCode.NO_CERTIFICATE:
    case ProviderCode.REVOKED:
      return 'noCertificate';
    case ProviderCode.IN_PROCESS:
      return 'inProcess';
    case ProviderCode.CONNECTION_TIMEOUT:
      return 'timeout';
    default:
      return 'failed';
  }
}
