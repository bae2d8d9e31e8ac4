import { expect } from 'vitest';
import { type ApiSession, apiSignIn, baseUrl, callApi } from './app.ts';
import { onePagePdf } from './pdf.ts';

/** Uploads a one-page PDF through the API, as a journey's set-up does, and answers its document id. */
export async function uploadPdf(session: ApiSession, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([onePagePdf(name)], { type: 'application/pdf' }), name);
  const res = await fetch(`${baseUrl()}/msbapi/v1/documents`, {
    method: 'POST',
    headers: { access_token: session.token },
    body: form,
  });
  const body = (await res.json()) as { code: number; message?: string; data: { documentId: string }[] };
  if (body.code !== 1) throw new Error(`upload answered ${body.code} ${body.message ?? ''}`);
  return body.data[0]?.documentId ?? '';
}

/** A 1×1 PNG: the smallest signature picture the sign call takes. */
const DOT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A one-page document composed by the demo custodian, sent to signer1 and signed, all through the
 * API: a document with a revision before and after a signature.
 */
export async function signedEpakDocument(
  subject: string,
): Promise<{ custodian: ApiSession; epakId: string; documentId: string }> {
  const custodian = await apiSignIn('custodian@demo.test');
  const documentId = await uploadPdf(custodian, subject);
  const created = await callApi<{ ePakId: string }>('POST', '/v2/epak', {
    token: custodian.token,
    body: {
      documentIds: [documentId],
      subject,
      steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }],
    },
  });
  expect(created.code, created.message).toBe(1);
  const epakId = created.data.ePakId;
  const signature = {
    key: 'signature',
    type: 'signature',
    userEmail: 'signer1@demo.test',
    wfsOrderId: 1,
    pageNumber: 1,
    positionX: 60,
    positionY: 600,
    blockWidth: 160,
    blockHeight: 50,
  };
  const placed = await callApi('POST', `/v2/epaks/${epakId}/documents/${documentId}/signatureblocks`, {
    token: custodian.token,
    body: { tags: [signature] },
  });
  expect(placed.code, placed.message).toBe(1);
  expect((await callApi('POST', `/v2/epaks/${epakId}/start`, { token: custodian.token })).code).toBe(1);
  const signer = await apiSignIn('signer1@demo.test');
  const signed = await callApi('POST', `/v2/epaks/${epakId}/documents/${documentId}/sign`, {
    token: signer.token,
    body: { signatureImage: DOT_PNG },
  });
  expect(signed.code, signed.message).toBe(1);
  return { custodian, epakId, documentId };
}

/** The custodian's download of one ePak document (the signed PDF once signed). */
export async function downloadEpakDocument(
  custodian: ApiSession,
  ePakId: string,
  documentId: string,
): Promise<Uint8Array> {
  const res = await fetch(`${baseUrl()}/msbapi/v2/epaks/${ePakId}/documents/${documentId}/download`, {
    headers: { access_token: custodian.token },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
