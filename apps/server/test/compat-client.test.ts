import { createServer, type Server } from 'node:http';
import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD } from '../src/demo/seed-demo.ts';
import { deliverDueCallbacks } from '../src/domain/integrations/callbacks.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { SIGNATURE_PNG, samplePdf } from './support/epak-helpers.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * An integration written against the original product's API, using only the shapes it knows
 * (issue 7), over real HTTP. It changes nothing but its base URL.
 */

let t: TestServer;
let origin = '';

interface Tokens {
  access_token: string;
  msb_token: string;
  refresh_token: string;
  token_type: string;
  scope: string;
  jwt_expires_in: number;
  defaultTenantId: string;
}

async function http(
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

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

describe.each(['/msbapi', '/mysignaturebook/msbapi', '/signdrive/msbapi'])(
  'an integration using %s',
  (base) => {
    it('finds the service alive with GET and HEAD', async () => {
      expect((await http('GET', `${base}/public/alive`)).status).toBe(200);
      expect((await http('HEAD', `${base}/public/alive`)).status).toBe(200);
    });

    it('gets tokens with GET /public/access_token (password, then refresh_token) carrying the fields it reads', async () => {
      const query = new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'password',
        username: 'custodian@demo.test',
        password: DEMO_PASSWORD,
      });
      const first = await http('GET', `${base}/public/access_token?${query}`);
      expect(first.body?.code).toBe(1);
      const tokens = first.data as Tokens;
      expect(tokens.msb_token).toBe(tokens.access_token);
      expect(tokens).toMatchObject({ token_type: 'bearer', scope: expect.any(String) });
      expect(tokens.jwt_expires_in).toBeGreaterThan(0);
      expect(tokens.defaultTenantId).toMatch(/^[0-9a-f-]{36}$/);

      const refresh = new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      const second = await http('GET', `${base}/public/access_token?${refresh}`);
      expect(second.body?.code).toBe(1);

      const wrongSecret = new URLSearchParams({ ...Object.fromEntries(query), client_secret: 'guess' });
      expect((await http('GET', `${base}/public/access_token?${wrongSecret}`)).status).toBe(403);

      const valid = await http('GET', `${base}/v1/users/valid`, {
        headers: { access_token: tokens.access_token },
      });
      const data = valid.data as { email: string; userInfo: Record<string, string> };
      expect(data.userInfo).toMatchObject({
        email: 'custodian@demo.test',
        role: 'custodian',
        defaultTenantUuid: tokens.defaultTenantId,
      });
      expect(data.email).toBe('custodian@demo.test');
    });

    it('posts /public/token with its parameters in the query, a form body or a JSON body', async () => {
      const params = {
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'password',
        username: 'signer1@demo.test',
        password: DEMO_PASSWORD,
      };
      const inQuery = await http('POST', `${base}/public/token?${new URLSearchParams(params)}`);
      const inForm = await http('POST', `${base}/public/token`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      const inJson = await http('POST', `${base}/public/token`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
      });
      expect([inQuery.body?.code, inForm.body?.code, inJson.body?.code]).toEqual([1, 1, 1]);
    });

    it('lists its document templates in the docTemplateDTOList shape', async () => {
      const query = new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'password',
        username: 'custodian@demo.test',
        password: DEMO_PASSWORD,
      });
      const token = ((await http('GET', `${base}/public/access_token?${query}`)).data as Tokens).access_token;
      const res = await http('GET', `${base}/v1/documenttemplates?type=Owner`, {
        headers: { access_token: token },
      });
      const list = res.data as { docTemplateDTOList: { docTemplateDTO: unknown[] } };
      expect(Array.isArray(list.docTemplateDTOList.docTemplateDTO)).toBe(true);
    });
  },
);

it('an unknown prefix is not the API', async () => {
  expect((await http('GET', '/otherproduct/msbapi/public/alive')).status).toBe(404);
});

describe('compose and start in one call', () => {
  let token = '';
  beforeAll(async () => {
    const query = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
      grant_type: 'password',
      username: 'custodian@demo.test',
      password: DEMO_PASSWORD,
    });
    token = ((await http('GET', `/mysignaturebook/msbapi/public/access_token?${query}`)).data as Tokens)
      .access_token;
  });

  async function blocks(epakId: string, docId: string) {
    const res = await http('GET', `/msbapi/v2/epaks/${epakId}/documents/${docId}/signatureblocks`, {
      headers: { access_token: token },
    });
    return res.data as {
      userEmail: string;
      pageNumber: number;
      positionX: number;
      positionY: number;
      blockWidth: number;
      blockHeight: number;
    }[];
  }

  it('takes multipart files with epakData (signer_info, numbers as strings) and answers the ePak id and doc ids', async () => {
    const form = new FormData();
    form.append(
      'files',
      new Blob([samplePdf('Offer letter', 2)], { type: 'application/pdf' }),
      'Offer letter.pdf',
    );
    form.append(
      'epakData',
      JSON.stringify({
        workflowData: [
          {
            wfStateOrder: '1',
            action: 'SIGN',
            signingPolicy: 'ESIGNATURE',
            docTagsData: [
              {
                docName: 'Offer letter.pdf',
                signer_info: [
                  {
                    email: 'signer1@demo.test',
                    firstName: 'Sanjay',
                    lastName: 'Signer',
                    tagLocationData: [{ pageNumber: '1', x: '50', y: '750', width: '65', height: '7.1' }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    );
    const res = await fetch(`${origin}/signdrive/msbapi/v2/compose/epak`, {
      method: 'POST',
      headers: { access_token: token },
      body: form,
    });
    const body = (await res.json()) as { code: number; data: string; metadata: Record<string, string> };
    expect(body.code).toBe(1);
    expect(body.data).toMatch(/^[0-9a-f-]{36}$/);
    const docId = body.metadata['Offer letter.pdf'] ?? '';
    expect(docId).toMatch(/^[0-9a-f-]{36}$/);
    const list = await http(
      'GET',
      `/msbapi/v2/epaks?folder=Pending&searchKey=subject&searchVal=Offer%20letter`,
      {
        headers: { access_token: token },
      },
    );
    expect((list.data as { ePakId: string; status: string }[]).map((e) => [e.ePakId, e.status])).toEqual([
      [body.data, 'InProgress'],
    ]);
    // Decision (ARCHITECTURE.md): points from the bottom-left corner; a 7.1 pt line becomes a box
    // 36 pt high standing on it. A4 is 841.89 pt high: the box's top is 841.89 − 750 − 36.
    const [tag] = await blocks(body.data, docId);
    expect(tag).toMatchObject({
      userEmail: 'signer1@demo.test',
      pageNumber: 1,
      positionX: 50,
      blockWidth: 65,
    });
    expect(tag?.blockHeight).toBe(36);
    expect(tag?.positionY).toBeCloseTo(841.89 - 750 - 36, 1);
  });

  it('takes JSON with documentList (signatureTagData, replicateTag ALL), two steps in order', async () => {
    const pdf = Buffer.from(samplePdf('Supply contract', 3)).toString('base64');
    const res = await http('POST', '/msbapi/v3/compose/epak', {
      headers: { access_token: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: 'Supply contract 2026',
        documentList: [{ docName: 'Supply.pdf', base64EncodedData: pdf }],
        workflowData: [
          {
            wfStateOrder: 2,
            action: 'SIGN',
            signingPolicy: 'ESIGNATURE',
            docTagsData: [
              {
                docName: 'Supply.pdf',
                signatureTagData: [
                  {
                    email: 'signer2@demo.test',
                    firstName: 'Sara',
                    lastName: 'Signer',
                    tagLocationData: [
                      { pageNumber: 1, x: 300, y: 30, width: 130.9, height: 7.1, replicateTag: 'ALL' },
                    ],
                  },
                ],
              },
            ],
          },
          {
            wfStateOrder: 1,
            action: 'REVIEW',
            docTagsData: [{ docName: 'Supply.pdf', signatureTagData: [{ email: 'registrar@demo.test' }] }],
          },
        ],
      }),
    });
    const body = res.body as unknown as { code: number; data: string; metadata: Record<string, string> };
    expect(body.code).toBe(1);
    const docId = body.metadata['Supply.pdf'] ?? '';
    const tags = await blocks(body.data, docId);
    expect(tags.map((x) => [x.userEmail, x.pageNumber])).toEqual([
      ['signer2@demo.test', 1],
      ['signer2@demo.test', 2],
      ['signer2@demo.test', 3],
    ]);
    const detail = await http('GET', `/msbapi/v2/epaks/${body.data}`, { headers: { access_token: token } });
    const steps = (detail.data as { steps: { type: string; recipients: { email: string }[] }[] }).steps;
    expect(steps.map((s) => [s.type, s.recipients.map((r) => r.email)])).toEqual([
      ['REVIEW', ['registrar@demo.test']],
      ['SIGN', ['signer2@demo.test']],
    ]);
  });

  it('appends a signature page instead of placing tags with useAutoAppend', async () => {
    const pdf = Buffer.from(samplePdf('Consent', 1)).toString('base64');
    const res = await http('POST', '/msbapi/v2/compose/epak', {
      headers: { access_token: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        useAutoAppend: 'true',
        documentList: [{ docName: 'Consent.pdf', base64EncodedData: pdf }],
        workflowData: [
          {
            wfStateOrder: 1,
            action: 'SIGN',
            docTagsData: [
              {
                docName: 'Consent.pdf',
                signer_info: [{ email: 'signer1@demo.test' }, { email: 'signer2@demo.test' }],
              },
            ],
          },
        ],
      }),
    });
    const body = res.body as unknown as { code: number; data: string; metadata: Record<string, string> };
    expect(body.code).toBe(1);
    const tags = await blocks(body.data, body.metadata['Consent.pdf'] ?? '');
    expect(tags.map((x) => [x.userEmail, x.pageNumber])).toEqual([
      ['signer1@demo.test', 2],
      ['signer2@demo.test', 2],
    ]);
  });

  it('refuses a tag on a page the document does not have, and leaves no half-made ePak', async () => {
    const pdf = Buffer.from(samplePdf('Short', 1)).toString('base64');
    const res = await http('POST', '/msbapi/v2/compose/epak', {
      headers: { access_token: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: 'Never sent',
        documentList: [{ docName: 'Short.pdf', base64EncodedData: pdf }],
        workflowData: [
          {
            wfStateOrder: 1,
            action: 'SIGN',
            docTagsData: [
              {
                docName: 'Short.pdf',
                signer_info: [
                  {
                    email: 'signer1@demo.test',
                    tagLocationData: [{ pageNumber: 5, x: 1, y: 1, width: 80, height: 40 }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    expect(res.body?.code).toBe(Code.INVALID_INPUT);
    const drafts = await http(
      'GET',
      '/msbapi/v2/epaks?folder=Draft&searchKey=subject&searchVal=Never%20sent',
      {
        headers: { access_token: token },
      },
    );
    expect(drafts.body?.data).toEqual([]);
  });
});

/**
 * The integration's own side: a loopback HTTP server stands in for its redirect URI and its
 * callback endpoint, and records what Signet sends there.
 */
describe('an integration with its own OAuth client', () => {
  let receiver: Server;
  let receiverOrigin = '';
  const received: URL[] = [];
  /** Status codes the callback endpoint answers, in turn; 200 once exhausted. */
  const answers: number[] = [];
  let adminToken = '';
  const client = { id: '', clientId: 'crm-cards', secret: '' };

  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(new URL(req.url ?? '/', 'http://receiver'));
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = await http(
      'POST',
      '/msbapi/public/token',
      form({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'password',
        username: 'admin@demo.test',
        password: DEMO_PASSWORD,
      }),
    );
    adminToken = (admin.data as Tokens).access_token;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('is registered by a tenant admin: the secret is answered once, and another tenant cannot take its id', async () => {
    const created = await http('POST', '/msbapi/v1/oauthclients', {
      headers: { access_token: adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: client.clientId,
        name: 'CRM cards',
        redirectUris: [`${receiverOrigin}/oauth/back`],
        grants: ['password', 'refresh_token', 'authorization_code'],
        callbackUrl: `${receiverOrigin}/signet/events?source=signet`,
      }),
    });
    expect(created.body?.code).toBe(1);
    const data = created.data as { id: string; clientId: string; clientSecret: string };
    expect(data.clientSecret).toMatch(/.{20,}/);
    Object.assign(client, { id: data.id, secret: data.clientSecret });
    const listed = await http('GET', '/msbapi/v1/oauthclients', { headers: { access_token: adminToken } });
    expect(listed.data).toEqual([expect.not.objectContaining({ clientSecret: expect.anything() })]);

    const otherAdmin = await http(
      'GET',
      `/msbapi/public/access_token?${new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'password',
        username: 'admin@other.test',
        password: DEMO_PASSWORD,
      })}`,
    );
    const taken = await http('POST', '/msbapi/v1/oauthclients', {
      headers: { access_token: (otherAdmin.data as Tokens).access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'CRM-cards' }),
    });
    expect(taken.body?.code).toBe(Code.INVALID_INPUT);
    const notAdmin = await http('GET', '/msbapi/v1/oauthclients', { headers: { access_token: token() } });
    expect(notAdmin.body?.code).toBe(Code.NOT_AUTHORIZED);
  });

  /** A custodian's token through the built-in client, for the refusals below. */
  let custodianToken = '';
  const token = () => custodianToken;
  beforeAll(async () => {
    const res = await http(
      'GET',
      `/msbapi/public/access_token?${new URLSearchParams({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'password',
        username: 'custodian@demo.test',
        password: DEMO_PASSWORD,
      })}`,
    );
    custodianToken = (res.data as Tokens).access_token;
  });

  it('signs its users in with the password grant and refreshes with its own credentials only', async () => {
    const first = await http(
      'POST',
      `/mysignaturebook/msbapi/public/token?${new URLSearchParams({ client_id: client.clientId, client_secret: client.secret })}`,
      form({ grant_type: 'password', username: 'custodian@demo.test', password: DEMO_PASSWORD }),
    );
    const tokens = first.data as Tokens;
    expect(tokens.defaultTenantId).toMatch(/^[0-9a-f-]{36}$/);
    const wrongSecret = await http(
      'POST',
      '/msbapi/public/token',
      form({
        client_id: client.clientId,
        client_secret: 'not-the-secret',
        grant_type: 'password',
        username: 'custodian@demo.test',
        password: DEMO_PASSWORD,
      }),
    );
    expect(wrongSecret.body?.code).toBe(Code.NOT_AUTHORIZED);
    const byBuiltIn = await http(
      'POST',
      '/msbapi/public/token',
      form({
        client_id: DEMO_CLIENT_ID,
        client_secret: DEMO_CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }),
    );
    expect(byBuiltIn.body?.code).toBe(Code.SESSION_ENDED);
    const refreshed = await http(
      'POST',
      '/msbapi/public/token',
      form({
        client_id: client.clientId,
        client_secret: client.secret,
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }),
    );
    expect((refreshed.data as Tokens).access_token).toMatch(/\./);
    // Another tenant's member cannot sign in through this tenant's client.
    const outsider = await http(
      'POST',
      '/msbapi/public/token',
      form({
        client_id: client.clientId,
        client_secret: client.secret,
        grant_type: 'password',
        username: 'admin@other.test',
        password: DEMO_PASSWORD,
      }),
    );
    expect(outsider.body?.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('runs the authorization-code flow: redirect with code and state, one exchange only', async () => {
    const login = await fetch(
      `${origin}/mysignaturebook/app/login?redirect_uri=${encodeURIComponent(`${receiverOrigin}/oauth/back`)}&state=xyz`,
      { redirect: 'manual' },
    );
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe(
      `/login?redirect_uri=${encodeURIComponent(`${receiverOrigin}/oauth/back`)}&state=xyz`,
    );

    // What the web app's /login does once the user has signed in.
    const authorized = await http('POST', '/msbapi/v1/oauth/authorize', {
      headers: { access_token: token(), 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uri: `${receiverOrigin}/oauth/back`, state: 'xyz' }),
    });
    const redirectTo = new URL((authorized.data as { redirectTo: string }).redirectTo);
    expect(`${redirectTo.origin}${redirectTo.pathname}`).toBe(`${receiverOrigin}/oauth/back`);
    expect(redirectTo.searchParams.get('state')).toBe('xyz');
    const code = redirectTo.searchParams.get('code') ?? '';

    const exchange = () =>
      http('POST', '/msbapi/public/token', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: client.clientId,
          client_secret: client.secret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${receiverOrigin}/oauth/back`,
        }),
      });
    const tokens = (await exchange()).data as Tokens;
    expect(tokens.access_token).toBe(tokens.msb_token);
    const valid = await http('GET', '/msbapi/v1/users/valid', {
      headers: { access_token: tokens.access_token },
    });
    expect((valid.data as { email: string }).email).toBe('custodian@demo.test');
    expect((await exchange()).body?.code).toBe(Code.INVALID_TOKEN);

    const unregistered = await http('POST', '/msbapi/v1/oauth/authorize', {
      headers: { access_token: token(), 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uri: 'https://evil.example/steal', state: 'xyz' }),
    });
    expect(unregistered.body?.code).toBe(Code.INVALID_INPUT);
  });

  it('composes through its token, hands out easy-sign links, sees them signed, downloads a valid PDF and is called back', async () => {
    const signedIn = await http(
      'POST',
      '/msbapi/public/token',
      form({
        client_id: client.clientId,
        client_secret: client.secret,
        grant_type: 'password',
        username: 'custodian@demo.test',
        password: DEMO_PASSWORD,
      }),
    );
    const integrationToken = (signedIn.data as Tokens).access_token;
    const composed = await http('POST', '/msbapi/v2/compose/epak', {
      headers: { access_token: integrationToken, 'content-type': 'application/json' },
      body: JSON.stringify({
        documentList: [
          {
            docName: 'Card 7781.pdf',
            base64EncodedData: Buffer.from(samplePdf('Card 7781', 1)).toString('base64'),
          },
        ],
        workflowData: [
          {
            wfStateOrder: 1,
            action: 'SIGN',
            docTagsData: [
              {
                docName: 'Card 7781.pdf',
                signer_info: [
                  {
                    email: 'signer1@demo.test',
                    tagLocationData: [{ pageNumber: 1, x: 300, y: 30, width: 130.9, height: 7.1 }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    const composedBody = composed.body as unknown as { data: string; metadata: Record<string, string> };
    const epakId = composedBody.data;
    const docId = composedBody.metadata['Card 7781.pdf'] ?? '';

    // The filtered list, as the integration finds its ePak again by subject.
    const listed = await http(
      'GET',
      `/msbapi/v2/epaks?pg=1&role=Custodian&sort=DESC&sortColumn=modifiedOn&filter=Card%207781&filterKey=SUBJECT`,
      { headers: { access_token: integrationToken } },
    );
    expect(listed.data).toEqual([
      expect.objectContaining({
        ePakId: epakId,
        subject: 'Card 7781',
        ownerUserName: 'custodian@demo.test',
        signerUserName: null,
        currentStatePendingSigners: ['signer1@demo.test'],
        status: 'InProgress',
      }),
    ]);
    const asSigner = await http('GET', '/msbapi/v2/epaks?role=signer&filterKey=subject&filter=Card%207781', {
      headers: { access_token: integrationToken },
    });
    expect(asSigner.data).toEqual([]);

    const links = async () =>
      (
        (
          await http('GET', `/msbapi/v2/epaks/easysignlinks/${epakId}`, {
            headers: { access_token: integrationToken },
          })
        ).data as { easySignInfo: { userEmail: string; easySignLink: string; status: string }[] }[]
      )[0]?.easySignInfo ?? [];
    const before = await links();
    expect(before.map((l) => [l.userEmail, l.status])).toEqual([['signer1@demo.test', 'Pending']]);
    // The same link each time, so a link already handed out keeps working.
    expect((await links())[0]?.easySignLink).toBe(before[0]?.easySignLink);

    // The signer opens the link without an account session and signs.
    const easyToken = new URL(before[0]?.easySignLink ?? '').searchParams.get('easytoken') ?? '';
    const session = await http('GET', `/msbapi/v2/epaks/${easyToken}/exchange`);
    const linkToken = (session.data as { access_token: string }).access_token;
    answers.push(503);
    const signed = await http('POST', `/msbapi/v2/epaks/${epakId}/documents/${docId}/sign`, {
      headers: { access_token: linkToken, 'content-type': 'application/json' },
      body: JSON.stringify({ signatureImage: SIGNATURE_PNG }),
    });
    expect(signed.data).toMatchObject({ actionDone: true, status: 'Completed' });
    expect((await links()).map((l) => [l.userEmail, l.status])).toEqual([['signer1@demo.test', 'Signed']]);

    const pdf = await fetch(`${origin}/msbapi/v1/document/download?docId=${docId}&docType=Current`, {
      headers: { access_token: integrationToken },
    });
    expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    const tenantId = (signedIn.data as Tokens).defaultTenantId;
    const nss = nssDbTrusting([await t.db.withTenant(tenantId, (tx) => tenantRoot(tx, tenantId, t.deps))]);
    try {
      expect((await pdfsig(bytes, nss.dir)).map((s) => [s.valid, s.trusted])).toEqual([[true, true]]);
    } finally {
      nss.close();
    }
    expect(qpdfCheck(bytes)).toBeUndefined();

    // The callback: the first call is answered 503, the retry (after the back-off) 200.
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 1 });
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 0 });
    t.clock.advance(61);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 1, failed: 0 });
    const calls = received.filter((u) => u.pathname === '/signet/events');
    expect(calls).toHaveLength(2);
    expect(Object.fromEntries(calls[1]?.searchParams ?? [])).toEqual({
      source: 'signet',
      ePakId: epakId,
      status: 'Completed',
      event: 'completed',
    });
    const seen = await http('GET', `/msbapi/v1/callbacks?ePakId=${epakId}`, {
      headers: { access_token: adminToken },
    });
    expect(
      (seen.data as { status: string; attempts: { httpStatus: number }[] }[]).map((d) => [
        d.status,
        d.attempts.map((a) => a.httpStatus),
      ]),
    ).toEqual([['Delivered', [503, 200]]]);
  });
});
