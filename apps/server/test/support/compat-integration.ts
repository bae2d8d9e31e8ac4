import { Buffer } from 'node:buffer';
import { expect } from 'vitest';
import { loadWorkflow, tagsOfDocument } from '../../src/db/repositories/epaks.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD } from '../../src/demo/seed-demo.ts';
import { multipart, SIGNATURE_PNG, samplePdf } from './epak-helpers.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// An integration written against the original product's API (compat-client.test.ts,
// compat-oauth-client.test.ts): the calls it makes over real HTTP, with the shapes it knows.

let t: TestServer;
let origin = '';

/** Where the test server listens (`http://127.0.0.1:<port>`). */
export const serverOrigin = () => origin;

export interface Tokens {
  access_token: string;
  msb_token: string;
  refresh_token: string;
  token_type: string;
  scope: string;
  jwt_expires_in: number;
  defaultTenantId: string;
}

export interface Composed {
  code: number;
  data: string;
  metadata: Record<string, string>;
}

export async function http(
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: string } = {},
) {
  const res = await fetch(`${origin}${url}`, { method, ...init });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as { code: number; data: never }) : null;
  // `data` is what the integration reads; absent when the response had no body.
  return { status: res.status, body, data: body?.data as unknown };
}

/** The headers an integration sends on every call once signed in. */
export const as = (tokens: Tokens) => ({
  access_token: tokens.access_token,
  tenant_id: tokens.defaultTenantId,
});

/** `GET /public/access_token` with the password grant, through Signet's built-in client. */
export async function passwordGrant(username: string, base = '/msbapi'): Promise<Tokens> {
  const query = new URLSearchParams({
    client_id: DEMO_CLIENT_ID,
    client_secret: DEMO_CLIENT_SECRET,
    grant_type: 'password',
    username,
    password: DEMO_PASSWORD,
  });
  const res = await http('GET', `${base}/public/access_token?${query}`);
  expect(res.body?.code).toBe(1);
  return res.data as Tokens;
}

export async function download(tokens: Tokens, docId: string, docType: 'Current' | 'Original') {
  const res = await fetch(`${origin}/msbapi/v1/document/download?docId=${docId}&docType=${docType}`, {
    headers: as(tokens),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
  return new Uint8Array(await res.arrayBuffer());
}

/** The test's look inside the server: an ePak's stored tags on a document, by recipient email. */
export async function storedTags(tenantId: string, epakId: string, docId: string) {
  return t.db.withTenant(tenantId, async (tx) => {
    const people = new Map((await loadWorkflow(tx, epakId)).recipients.map((r) => [r.id, r.email]));
    return (await tagsOfDocument(tx, docId)).map((tag) => ({
      email: tag.recipientId ? people.get(tag.recipientId) : undefined,
      pageNumber: tag.pageNumber,
      positionX: tag.positionX,
      positionY: tag.positionY,
      blockWidth: tag.blockWidth,
      blockHeight: tag.blockHeight,
    }));
  });
}

/** Composes a one-page card for signer1, numbers as strings; answers ids and the bytes sent. */
export async function composeCard(tokens: Tokens, name: string) {
  const original = samplePdf(name, 1);
  const res = await http('POST', '/msbapi/v2/compose/epak', {
    headers: { ...as(tokens), 'content-type': 'application/json' },
    body: JSON.stringify({
      documentList: [{ docName: `${name}.pdf`, base64EncodedData: Buffer.from(original).toString('base64') }],
      workflowData: [
        {
          wfStateOrder: '1',
          action: 'SIGN',
          signingPolicy: 'ESIGNATURE',
          docTagsData: [
            {
              docName: `${name}.pdf`,
              signer_info: [
                {
                  email: 'signer1@demo.test',
                  firstName: 'Sanjay',
                  lastName: 'Signer',
                  tagLocationData: [{ pageNumber: '1', x: '300', y: '30', width: '130.9', height: '7.1' }],
                },
              ],
            },
          ],
        },
      ],
    }),
  });
  const body = res.body as unknown as Composed;
  expect(body.code).toBe(1);
  return { epakId: body.data, docId: body.metadata[`${name}.pdf`] ?? '', original };
}

export async function easySignLinks(tokens: Tokens, epakId: string) {
  const res = await http('GET', `/msbapi/v2/epaks/easysignlinks/${epakId}`, { headers: as(tokens) });
  return (
    (res.data as { easySignInfo: { userEmail: string; easySignLink: string; status: string }[] }[])[0]
      ?.easySignInfo ?? []
  );
}

/** The signer: the signing view an easy-sign link opens, without an account, gets a session. */
export async function openLink(link: string): Promise<string> {
  const easyToken = new URL(link).searchParams.get('easytoken') ?? '';
  const session = await http('GET', `/msbapi/v2/epaks/${easyToken}/exchange`);
  return (session.data as { access_token: string }).access_token;
}

/** The signer signs the card through the link the integration handed out. */
export async function signThroughLink(tokens: Tokens, card: { epakId: string; docId: string }) {
  const [link] = await easySignLinks(tokens, card.epakId);
  const signed = await http('POST', `/msbapi/v2/epaks/${card.epakId}/documents/${card.docId}/sign`, {
    headers: { access_token: await openLink(link?.easySignLink ?? ''), 'content-type': 'application/json' },
    body: JSON.stringify({ signatureImage: SIGNATURE_PNG }),
  });
  expect(signed.data).toMatchObject({ actionDone: true, status: 'Completed' });
}

/** Set-up: a custodian's document template, made in Signet (its API here). */
export const template = { id: '', templateName: 'Offer pack', signingPolicy: 'QUICKSIGN' };

/**
 * Starts a test server listening on loopback (the integration speaks real HTTP to it) with a
 * custodian's document template, and answers it; the helpers above then talk to it.
 */
export async function startCompatServer(): Promise<TestServer> {
  // The integration's callback endpoint is a loopback server: allowed as an on-premises one would be.
  t = await startTestServer({ SIGNET_OUTBOUND_ALLOW: '127.0.0.1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const custodian = await t.signIn('custodian@demo.test');
  const file = multipart([{ name: 'Offer.pdf', bytes: samplePdf('Offer pack', 1), type: 'application/pdf' }]);
  const uploaded = await t.call<{ id: string }>('POST', '/v1/documenttemplate/upload', {
    token: custodian.token,
    query: { templateName: template.templateName },
    body: file.body,
    headers: { 'content-type': file.contentType },
  });
  template.id = uploaded.data.id;
  const policy = await t.call('PUT', `/v1/documenttemplates/${template.id}`, {
    token: custodian.token,
    body: { signingPolicy: template.signingPolicy },
  });
  expect(policy.code).toBe(1);
  return t;
}
