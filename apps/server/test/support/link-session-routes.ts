import { multipart, SIGNATURE_PNG } from './epak-helpers.ts';
import type { CallOptions } from './test-server.ts';

// How every API route meets a link session (link-session.test.ts): served to it, refused with
// -11, or public. A route added without being classified here fails that suite's first test.

export const nobody = '00000000-0000-4000-8000-000000000099';
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The link's ePak (signer1 and signer2 sign it) and another ePak of signer1's (with the registrar). */
export const linked = { epakId: '', documentId: '', tenantId: '' };
export const other = { epakId: '', documentId: '' };
export const OTHER_SUBJECT = 'Other secret deal';
export const OTHER_COSIGNER = 'registrar@demo.test';

/** A well-formed upload, so a refusal comes from whose ePak it is, not from a missing file. */
export function aFile(): Pick<CallOptions, 'body' | 'headers'> {
  const file = multipart([{ name: 'Note.txt', bytes: new TextEncoder().encode('note'), type: 'text/plain' }]);
  return { body: file.body, headers: { 'content-type': file.contentType } };
}

export type Outcome = 'answered' | 'passesTheGate' | 'notFound';
export interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  /** A raw body with its headers (a multipart upload). */
  raw?: () => Pick<CallOptions, 'body' | 'headers'>;
  /** answered: code 1 (or a file); passesTheGate: anything but -11; notFound: the ePak is not there (404). */
  outcome: Outcome;
}

/**
 * Routes that serve a link session: what the signing view calls (apps/web/src/features/sign),
 * each tried on the link's ePak (inputs that change nothing) and, where it names an ePak, on
 * another ePak of the same person, which must not be found.
 */
export const served: Record<string, Probe[]> = {
  'GET /v2/epaks/:ePakId': [
    { method: 'GET', url: () => `/v2/epaks/${linked.epakId}`, outcome: 'answered' },
    { method: 'GET', url: () => `/v2/epaks/${other.epakId}`, outcome: 'notFound' },
  ],
  'GET /v2/epaks/:ePakId/documents/:documentId/signatureblocks': [
    {
      method: 'GET',
      url: () => `/v2/epaks/${linked.epakId}/documents/${linked.documentId}/signatureblocks`,
      outcome: 'answered',
    },
    {
      method: 'GET',
      url: () => `/v2/epaks/${other.epakId}/documents/${other.documentId}/signatureblocks`,
      outcome: 'notFound',
    },
  ],
  'POST /v2/epaks/:ePakId/documents/:documentId/sign': [
    {
      method: 'POST',
      url: () => `/v2/epaks/${linked.epakId}/documents/${linked.documentId}/sign`,
      body: () => ({ tags: 'not a list' }),
      outcome: 'passesTheGate',
    },
    {
      method: 'POST',
      url: () => `/v2/epaks/${other.epakId}/documents/${other.documentId}/sign`,
      body: () => ({ signatureImage: SIGNATURE_PNG }),
      outcome: 'notFound',
    },
  ],
  'POST /v2/epak/sign/dochash': [
    { method: 'POST', url: () => '/v2/epak/sign/dochash', body: () => ({}), outcome: 'passesTheGate' },
    {
      method: 'POST',
      url: () => '/v2/epak/sign/dochash',
      // Long enough to be read as a certificate, so the ePak is looked up.
      body: () => ({
        ePakId: other.epakId,
        documentId: other.documentId,
        certificates: [Buffer.alloc(120, 1).toString('base64')],
      }),
      outcome: 'notFound',
    },
  ],
  'POST /v2/epak/sign/auth': [
    { method: 'POST', url: () => '/v2/epak/sign/auth', body: () => ({}), outcome: 'passesTheGate' },
    {
      method: 'POST',
      url: () => '/v2/epak/sign/auth',
      body: () => ({ ePakId: other.epakId, documentId: other.documentId }),
      outcome: 'notFound',
    },
  ],
  'POST /v2/epak/sign/aadhaar': [
    { method: 'POST', url: () => '/v2/epak/sign/aadhaar', body: () => ({}), outcome: 'passesTheGate' },
    {
      method: 'POST',
      url: () => '/v2/epak/sign/aadhaar',
      body: () => ({ ePakId: other.epakId, documentId: other.documentId }),
      outcome: 'notFound',
    },
  ],
  'POST /v1/cosign/authentication': [
    { method: 'POST', url: () => '/v1/cosign/authentication', body: () => ({}), outcome: 'passesTheGate' },
    {
      method: 'POST',
      url: () => '/v1/cosign/authentication',
      body: () => ({ ePakId: other.epakId, documentId: other.documentId, username: 'u', password: 'p' }),
      outcome: 'notFound',
    },
  ],
  // The signer's certificates at the provider: nothing about ePaks.
  'GET /v1/transsped/certificates': [
    { method: 'GET', url: () => '/v1/transsped/certificates', outcome: 'passesTheGate' },
  ],
  // Only the signer's own transactions, and only of the link's ePak (aadhaar-signing.ts).
  'GET /v2/epak/sign/aadhaar/:txn': [
    { method: 'GET', url: () => `/v2/epak/sign/aadhaar/${nobody}`, outcome: 'passesTheGate' },
  ],
  'PUT /v2/epak/:ePakId/document/:documentId/:action': [
    {
      method: 'PUT',
      url: () => `/v2/epak/${linked.epakId}/document/${linked.documentId}/viewed`,
      outcome: 'answered',
    },
    {
      method: 'PUT',
      url: () => `/v2/epak/${other.epakId}/document/${other.documentId}/viewed`,
      outcome: 'notFound',
    },
  ],
  'GET /v2/epaks/:ePakId/documents/:documentId/download': [
    {
      method: 'GET',
      url: () => `/v2/epaks/${linked.epakId}/documents/${linked.documentId}/download`,
      outcome: 'answered',
    },
    {
      method: 'GET',
      url: () => `/v2/epaks/${other.epakId}/documents/${other.documentId}/download`,
      outcome: 'notFound',
    },
  ],
  // The signer's own copy once they have signed (before, -1006: nothing of theirs to give).
  'GET /v2/epaks/:ePakId/documents/:documentId/signedcopy': [
    {
      method: 'GET',
      url: () => `/v2/epaks/${linked.epakId}/documents/${linked.documentId}/signedcopy`,
      outcome: 'passesTheGate',
    },
    {
      method: 'GET',
      url: () => `/v2/epaks/${other.epakId}/documents/${other.documentId}/signedcopy`,
      outcome: 'notFound',
    },
  ],
  'POST /v2/epaks/:ePakId/unlock': [
    {
      method: 'POST',
      url: () => `/v2/epaks/${linked.epakId}/unlock`,
      body: () => ({}),
      outcome: 'passesTheGate',
    },
    {
      method: 'POST',
      url: () => `/v2/epaks/${other.epakId}/unlock`,
      body: () => ({ securityCode: '1234' }),
      outcome: 'notFound',
    },
  ],
  'POST /v2/epaks/:ePakId/reject': [
    // Without a reason nothing is declined (-49).
    {
      method: 'POST',
      url: () => `/v2/epaks/${linked.epakId}/reject`,
      body: () => ({}),
      outcome: 'passesTheGate',
    },
    { method: 'POST', url: () => `/v2/epaks/${other.epakId}/reject`, body: () => ({}), outcome: 'notFound' },
  ],
  'POST /v2/epaks/:ePakId/delegate': [
    {
      method: 'POST',
      url: () => `/v2/epaks/${linked.epakId}/delegate`,
      body: () => ({}),
      outcome: 'passesTheGate',
    },
    {
      method: 'POST',
      url: () => `/v2/epaks/${other.epakId}/delegate`,
      body: () => ({ email: 'stand.in@partner.test' }),
      outcome: 'notFound',
    },
  ],
  'POST /v2/epak/:ePakId/document/:docId/tag/:tagId/attach': [
    {
      method: 'POST',
      url: () => `/v2/epak/${linked.epakId}/document/${linked.documentId}/tag/${nobody}/attach`,
      outcome: 'passesTheGate',
    },
    {
      method: 'POST',
      url: () => `/v2/epak/${other.epakId}/document/${other.documentId}/tag/${nobody}/attach`,
      raw: aFile,
      outcome: 'notFound',
    },
  ],
  'GET /v2/epak/:ePakId/document/:docId/tag/:tagId/attach': [
    {
      method: 'GET',
      url: () => `/v2/epak/${linked.epakId}/document/${linked.documentId}/tag/${nobody}/attach`,
      outcome: 'passesTheGate',
    },
    {
      method: 'GET',
      url: () => `/v2/epak/${other.epakId}/document/${other.documentId}/tag/${nobody}/attach`,
      outcome: 'notFound',
    },
  ],
  'GET /v1/reasons': [{ method: 'GET', url: () => '/v1/reasons', outcome: 'answered' }],
  'POST /v1/checksession': [{ method: 'POST', url: () => '/v1/checksession', outcome: 'answered' }],
  'GET /v1/users/valid': [{ method: 'GET', url: () => '/v1/users/valid', outcome: 'answered' }],
  'GET /v1/configuration': [{ method: 'GET', url: () => '/v1/configuration', outcome: 'answered' }],
  'GET /v1/config': [{ method: 'GET', url: () => '/v1/config', outcome: 'answered' }],
  // Tried with a session of its own below: it ends the session.
  'POST /v1/logout': [],
  // Stops nothing on the server and leaves the session alive (stop-timers.ts).
  'POST /v1/logout/stoptimer': [{ method: 'POST', url: () => '/v1/logout/stoptimer', outcome: 'answered' }],
  // The signing view cleans a photographed signature; a text file is refused as no image, not with -11.
  'POST /v1/users/image/removebg': [
    { method: 'POST', url: () => '/v1/users/image/removebg', raw: aFile, outcome: 'passesTheGate' },
  ],
};
