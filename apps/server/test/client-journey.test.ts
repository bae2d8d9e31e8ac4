import { createSignetClient, formData, type SignetClient } from '@signet/client';
import contract from '@signet/client/openapi.json' with { type: 'json' };
import { Code } from '@signet/contracts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD } from '../src/demo/seed-demo.ts';
import { sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { SIGNATURE_PNG, samplePdf, signatureTag } from './support/epak-helpers.ts';
import { injectFetch } from './support/inject-fetch.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * The journey an integrator writes: compose → start → sign → download, through the client
 * generated from the OpenAPI document (packages/client) and nothing else. A call the document
 * does not describe, or describes wrongly, does not type-check or fails here.
 */

const BASE = 'http://signet.test/msbapi';
let t: TestServer;
let fetch: (request: Request) => Promise<Response>;

beforeAll(async () => {
  t = await startTestServer();
  fetch = injectFetch(t.app);
});
afterAll(() => t.close());

/** Signs in as an integration does (password grant with the client's credentials). */
async function clientFor(email: string): Promise<SignetClient> {
  const { data, error } = await createSignetClient(BASE, { fetch }).POST('/public/token', {
    body: {
      grant_type: 'password',
      username: email,
      password: DEMO_PASSWORD,
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
    },
  });
  if (!data) throw new Error(`sign-in of ${email}: ${error?.code} ${error?.message}`);
  return createSignetClient(BASE, {
    fetch,
    token: data.data.access_token,
    tenantId: data.data.defaultTenantId ?? undefined,
  });
}

describe('an integration on the generated client', () => {
  let custodian: SignetClient;
  let ePakId = '';
  let documentId = '';

  beforeAll(async () => {
    custodian = await clientFor('custodian@demo.test');
  });

  it('uploads a document and composes an ePak with a signature tag for one signer', async () => {
    const pdf = new File([samplePdf('Supply Agreement', 1)], 'Supply Agreement.pdf', {
      type: 'application/pdf',
    });
    const uploaded = await custodian.POST('/v1/documents', {
      body: { file: [pdf] },
      bodySerializer: formData,
    });
    expect(uploaded.error).toBeUndefined();
    documentId = uploaded.data?.data[0]?.documentId ?? '';
    expect(uploaded.data?.data[0]).toMatchObject({ name: 'Supply Agreement.pdf', pageCount: 1 });

    const created = await custodian.POST('/v2/epak', {
      body: {
        documentIds: [documentId],
        subject: 'Supply Agreement',
        steps: [{ type: 'SIGN', recipients: [{ email: 'signer1@demo.test' }] }],
      },
    });
    expect(created.error).toBeUndefined();
    ePakId = created.data?.data.ePakId ?? '';

    const placed = await custodian.POST('/v2/epaks/{ePakId}/documents/{documentId}/signatureblocks', {
      params: { path: { ePakId, documentId } },
      body: { tags: [{ ...signatureTag('signer1@demo.test', 1, 1, 60, 80), type: 'signature' }] },
    });
    expect(placed.error).toBeUndefined();
  });

  it('starts the ePak; starting it again answers the error envelope the document describes', async () => {
    const started = await custodian.POST('/v2/epaks/{ePakId}/start', { params: { path: { ePakId } } });
    expect(started.error).toBeUndefined();
    expect(started.data?.code).toBe(1);

    const again = await custodian.POST('/v2/epaks/{ePakId}/start', { params: { path: { ePakId } } });
    const documented = Object.keys(contract.paths['/v2/epaks/{ePakId}/start'].post.responses);
    expect(documented).toContain(String(again.response.status));
    expect(again.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect(again.error?.code).not.toBe(Code.SUCCESS);
  });

  it('the signer signs with a drawn signature and the ePak completes', async () => {
    const signer = await clientFor('signer1@demo.test');
    const signed = await signer.POST('/v2/epaks/{ePakId}/documents/{documentId}/sign', {
      params: { path: { ePakId, documentId } },
      body: { signatureImage: SIGNATURE_PNG },
    });
    expect(signed.error).toBeUndefined();
    expect(signed.data?.data).toMatchObject({ actionDone: true, status: 'Completed' });

    // The completion certificate is the seal job's work (run by hand: the test server has no queue).
    expect(await sealCompletedEpaks(t.deps)).toEqual({ sealed: 1, failed: 0 });
    const detail = await custodian.GET('/v2/epaks/{ePakId}', { params: { path: { ePakId } } });
    expect(detail.data?.data).toMatchObject({ status: 'Completed', progressPercent: 100 });
  });

  it('the owner downloads the signed PDF in the ePak zip', async () => {
    const { data, response, error } = await custodian.GET('/v2/epaks/{ePakId}/download', {
      params: { path: { ePakId } },
      parseAs: 'arrayBuffer',
    });
    expect(error).toBeUndefined();
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(data ?? new ArrayBuffer(0)));
    const contract = files['Supply Agreement.pdf'] ?? new Uint8Array();
    expect(new TextDecoder().decode(contract.slice(0, 5))).toBe('%PDF-');
    expect(new TextDecoder('latin1').decode(contract)).toContain('/ByteRange');
  });

  it('a call without a token answers 403 or 401 in the envelope, not a thrown exception', async () => {
    const anonymous = createSignetClient(BASE, { fetch });
    const { error, response } = await anonymous.GET('/v2/epaks/{ePakId}', { params: { path: { ePakId } } });
    expect([401, 403]).toContain(response.status);
    expect(typeof error?.code).toBe('number');
  });
});
