import { createServer, type Server } from 'node:http';
import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkflow, tagsOfDocument } from '../src/db/repositories/epaks.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed-demo.ts';
import { deliverDueCallbacks } from '../src/domain/integrations/callbacks.ts';
import { purgeExpiredRetention } from '../src/domain/jobs/scheduled-work.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { multipart, SIGNATURE_PNG, samplePdf } from './support/epak-helpers.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * An integration written against the original product's API, using only the shapes it knows
 * (issue 7), over real HTTP. It changes nothing but its base URL, and sends `access_token` and
 * `tenant_id` (underscores) as such clients do.
 *
 * Beside the integration, three other parties appear, each marked where it acts:
 * - set-up: what people do in Signet itself (an admin registering the OAuth client, a custodian
 *   making a template, an owner deleting an ePak), through Signet's own API;
 * - the signer: what the signing view opened by an easy-sign link does in the signer's browser;
 * - the test's look inside the server (stored tags and steps), and the jobs' work, driven directly
 *   on the test clock as the project's test servers do (`SIGNET_JOBS=0`).
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

interface Composed {
  code: number;
  data: string;
  metadata: Record<string, string>;
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

/** The headers an integration sends on every call once signed in. */
const as = (tokens: Tokens) => ({ access_token: tokens.access_token, tenant_id: tokens.defaultTenantId });

/** `GET /public/access_token` with the password grant, through Signet's built-in client. */
async function passwordGrant(username: string, base = '/msbapi'): Promise<Tokens> {
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

async function download(tokens: Tokens, docId: string, docType: 'Current' | 'Original') {
  const res = await fetch(`${origin}/msbapi/v1/document/download?docId=${docId}&docType=${docType}`, {
    headers: as(tokens),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
  return new Uint8Array(await res.arrayBuffer());
}

/** The test's look inside the server: an ePak's stored tags on a document, by recipient email. */
async function storedTags(tenantId: string, epakId: string, docId: string) {
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

/** Set-up: a custodian's document template, made in Signet (its API here). */
const template = { id: '', templateName: 'Offer pack', signingPolicy: 'QUICKSIGN' };

beforeAll(async () => {
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
      const renewed = second.data as Tokens;
      expect(renewed.msb_token).toBe(renewed.access_token);
      expect(renewed).toMatchObject({ token_type: 'bearer', defaultTenantId: tokens.defaultTenantId });

      const wrongSecret = new URLSearchParams({ ...Object.fromEntries(query), client_secret: 'guess' });
      expect((await http('GET', `${base}/public/access_token?${wrongSecret}`)).status).toBe(403);
    });

    it('reads the signed-in user from GET /v1/users/valid, under userInfo and directly under data', async () => {
      const tokens = await passwordGrant('custodian@demo.test', base);
      const valid = await http('GET', `${base}/v1/users/valid`, { headers: as(tokens) });
      const data = valid.data as Record<string, unknown> & { userInfo: Record<string, unknown> };
      const seeded = DEMO_USERS.find((u) => u.email === 'custodian@demo.test');
      const expected = {
        id: (await t.signIn('custodian@demo.test')).userId,
        email: 'custodian@demo.test',
        firstName: seeded?.firstName,
        lastName: seeded?.lastName,
        role: seeded?.role,
        defaultTenantUuid: tokens.defaultTenantId,
      };
      const fields = (o: Record<string, unknown>) =>
        Object.fromEntries(Object.keys(expected).map((k) => [k, o[k]]));
      expect(fields(data.userInfo)).toEqual(expected);
      expect(fields(data)).toEqual(expected);

      // The tenant_id header is read, not ignored: a tenant the user is not in is refused.
      const elsewhere = (await passwordGrant('admin@other.test', base)).defaultTenantId;
      const foreign = await http('GET', `${base}/v1/users/valid`, {
        headers: { ...as(tokens), tenant_id: elsewhere },
      });
      expect(foreign.body?.code).toBe(Code.NOT_AUTHORIZED);
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
      const tokens = await passwordGrant('custodian@demo.test', base);
      const res = await http('GET', `${base}/v1/documenttemplates?type=Owner`, { headers: as(tokens) });
      const list = res.data as { docTemplateDTOList: { docTemplateDTO: Record<string, unknown>[] } };
      expect(
        list.docTemplateDTOList.docTemplateDTO.map((d) => ({
          id: d.id,
          templateName: d.templateName,
          signingPolicy: d.signingPolicy,
        })),
      ).toEqual([template]);
    });
  },
);

it('an unknown prefix is not the API', async () => {
  expect((await http('GET', '/otherproduct/msbapi/public/alive')).status).toBe(404);
});

describe('compose and start in one call', () => {
  let tokens: Tokens;
  beforeAll(async () => {
    tokens = await passwordGrant('custodian@demo.test', '/mysignaturebook/msbapi');
  });

  /** How the integration finds its ePak again: the filtered list, by subject. */
  async function bySubject(subject: string) {
    const res = await http(
      'GET',
      `/msbapi/v2/epaks?pg=1&role=Custodian&sort=DESC&sortColumn=modifiedOn&filterKey=SUBJECT&filter=${encodeURIComponent(subject)}`,
      { headers: as(tokens) },
    );
    return (res.data as { ePakId: string; subject: string; status: string }[]).map((e) => [
      e.ePakId,
      e.subject,
      e.status,
    ]);
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
      headers: as(tokens),
      body: form,
    });
    const body = (await res.json()) as Composed;
    expect(body.code).toBe(1);
    expect(body.data).toMatch(/^[0-9a-f-]{36}$/);
    const docId = body.metadata['Offer letter.pdf'] ?? '';
    expect(docId).toMatch(/^[0-9a-f-]{36}$/);
    // No subject given: the first document's name without its extension, started at once.
    expect(await bySubject('Offer letter')).toEqual([[body.data, 'Offer letter', 'InProgress']]);
    // Decision (docs/integrations.md): points from the bottom-left corner; a 7.1 pt line becomes a box
    // 36 pt high standing on it. Signet stores the box's top from the page's top: A4 is
    // 841.89 pt high, so 841.89 − 750 − 36.
    const [tag, ...more] = await storedTags(tokens.defaultTenantId, body.data, docId);
    expect(more).toEqual([]);
    expect(tag).toMatchObject({
      email: 'signer1@demo.test',
      pageNumber: 1,
      positionX: 50,
      blockWidth: 65,
      blockHeight: 36,
    });
    expect(tag?.positionY).toBeCloseTo(841.89 - 750 - 36, 1);
  });

  it('takes JSON with documentList (signatureTagData, replicateTag ALL), two steps in order', async () => {
    const pdf = Buffer.from(samplePdf('Supply contract', 3)).toString('base64');
    const res = await http('POST', '/msbapi/v3/compose/epak', {
      headers: { ...as(tokens), 'content-type': 'application/json' },
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
    const body = res.body as unknown as Composed;
    expect(body.code).toBe(1);
    expect(await bySubject('Supply contract 2026')).toEqual([
      [body.data, 'Supply contract 2026', 'InProgress'],
    ]);
    const docId = body.metadata['Supply.pdf'] ?? '';
    const tags = await storedTags(tokens.defaultTenantId, body.data, docId);
    expect(tags.map((x) => [x.email, x.pageNumber])).toEqual([
      ['signer2@demo.test', 1],
      ['signer2@demo.test', 2],
      ['signer2@demo.test', 3],
    ]);
    const workflow = await t.db.withTenant(tokens.defaultTenantId, (tx) => loadWorkflow(tx, body.data));
    expect(
      workflow.steps.map((s) => [
        s.type,
        workflow.recipients.filter((r) => r.stateId === s.id).map((r) => r.email),
      ]),
    ).toEqual([
      ['REVIEW', ['registrar@demo.test']],
      ['SIGN', ['signer2@demo.test']],
    ]);
  });

  it('appends a signature page instead of placing tags with useAutoAppend', async () => {
    const pdf = Buffer.from(samplePdf('Consent', 1)).toString('base64');
    const res = await http('POST', '/msbapi/v2/compose/epak', {
      headers: { ...as(tokens), 'content-type': 'application/json' },
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
    const body = res.body as unknown as Composed;
    expect(body.code).toBe(1);
    const tags = await storedTags(tokens.defaultTenantId, body.data, body.metadata['Consent.pdf'] ?? '');
    expect(tags.map((x) => [x.email, x.pageNumber])).toEqual([
      ['signer1@demo.test', 2],
      ['signer2@demo.test', 2],
    ]);
  });

  it('refuses a tag on a page the document does not have, and leaves no half-made ePak', async () => {
    const pdf = Buffer.from(samplePdf('Short', 1)).toString('base64');
    const res = await http('POST', '/msbapi/v2/compose/epak', {
      headers: { ...as(tokens), 'content-type': 'application/json' },
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
    // The Custodian list shows the owner's drafts too: none was left behind.
    expect(await bySubject('Never sent')).toEqual([]);
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
  const client = { id: '', clientId: 'crm-cards', secret: '' };
  const callbackUrl = () => `${receiverOrigin}/signet/events?source=signet`;
  const calls = (pathname = '/signet/events') => received.filter((u) => u.pathname === pathname);

  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  /** Set-up: the tenant admin, in Signet. A fresh sign-in, as the tests move the clock on. */
  const adminTokens = () => passwordGrant('admin@demo.test');

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      received.push(new URL(req.url ?? '/', 'http://receiver'));
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    receiverOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  /** The integration signs its user in through its own client (password grant, form body). */
  async function signInThroughClient(): Promise<Tokens> {
    const res = await http(
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
    expect(res.body?.code).toBe(1);
    return res.data as Tokens;
  }

  /** Composes a one-page card for signer1, numbers as strings; answers ids and the bytes sent. */
  async function composeCard(tokens: Tokens, name: string) {
    const original = samplePdf(name, 1);
    const res = await http('POST', '/msbapi/v2/compose/epak', {
      headers: { ...as(tokens), 'content-type': 'application/json' },
      body: JSON.stringify({
        documentList: [
          { docName: `${name}.pdf`, base64EncodedData: Buffer.from(original).toString('base64') },
        ],
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

  async function easySignLinks(tokens: Tokens, epakId: string) {
    const res = await http('GET', `/msbapi/v2/epaks/easysignlinks/${epakId}`, { headers: as(tokens) });
    return (
      (res.data as { easySignInfo: { userEmail: string; easySignLink: string; status: string }[] }[])[0]
        ?.easySignInfo ?? []
    );
  }

  /** The signer: the signing view an easy-sign link opens, without an account, gets a session. */
  async function openLink(link: string): Promise<string> {
    const easyToken = new URL(link).searchParams.get('easytoken') ?? '';
    const session = await http('GET', `/msbapi/v2/epaks/${easyToken}/exchange`);
    return (session.data as { access_token: string }).access_token;
  }

  /** The signer signs the card through the link the integration handed out. */
  async function signThroughLink(tokens: Tokens, card: { epakId: string; docId: string }) {
    const [link] = await easySignLinks(tokens, card.epakId);
    const signed = await http('POST', `/msbapi/v2/epaks/${card.epakId}/documents/${card.docId}/sign`, {
      headers: { access_token: await openLink(link?.easySignLink ?? ''), 'content-type': 'application/json' },
      body: JSON.stringify({ signatureImage: SIGNATURE_PNG }),
    });
    expect(signed.data).toMatchObject({ actionDone: true, status: 'Completed' });
  }

  interface Delivery {
    url: string;
    event: string;
    ePakStatus: string;
    status: string;
    nextAttemptOn: string | null;
    attempts: { attemptedOn: string; httpStatus: number | null }[];
  }

  /** Set-up side: what the tenant admin sees of an ePak's callbacks. */
  async function deliveries(epakId: string): Promise<Delivery[]> {
    const res = await http('GET', `/msbapi/v1/callbacks?ePakId=${epakId}`, {
      headers: { access_token: (await adminTokens()).access_token },
    });
    return res.data as Delivery[];
  }

  /** Set-up: the admin changes the client's callback URL in Signet. */
  async function setCallbackUrl(url: string | null) {
    const res = await http('PUT', `/msbapi/v1/oauthclients/${client.id}`, {
      headers: { access_token: (await adminTokens()).access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ callbackUrl: url }),
    });
    expect(res.body?.code).toBe(1);
    return res.data as { callbackUrl: string | null; grants: string[]; redirectUris: string[] };
  }

  /** Moves the test clock to a delivery's next attempt. */
  function untilNextAttempt(d: Delivery | undefined) {
    t.clock.advance((Date.parse(d?.nextAttemptOn ?? '') - t.clock.now().getTime()) / 1000);
  }

  it('is registered by a tenant admin: the secret is answered once, and another tenant cannot take its id', async () => {
    const admin = await adminTokens();
    const created = await http('POST', '/msbapi/v1/oauthclients', {
      headers: { access_token: admin.access_token, 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: client.clientId,
        name: 'CRM cards',
        redirectUris: [`${receiverOrigin}/oauth/back`],
        grants: ['password', 'refresh_token', 'authorization_code'],
        callbackUrl: callbackUrl(),
      }),
    });
    expect(created.body?.code).toBe(1);
    const data = created.data as { id: string; clientId: string; clientSecret: string };
    expect(data.clientSecret).toMatch(/.{20,}/);
    Object.assign(client, { id: data.id, secret: data.clientSecret });
    const listed = await http('GET', '/msbapi/v1/oauthclients', {
      headers: { access_token: admin.access_token },
    });
    expect(listed.data).toEqual([expect.not.objectContaining({ clientSecret: expect.anything() })]);

    const otherAdmin = await passwordGrant('admin@other.test');
    const taken = await http('POST', '/msbapi/v1/oauthclients', {
      headers: { access_token: otherAdmin.access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'CRM-cards' }),
    });
    expect(taken.body?.code).toBe(Code.INVALID_INPUT);
    const custodian = await passwordGrant('custodian@demo.test');
    const notAdmin = await http('GET', '/msbapi/v1/oauthclients', { headers: as(custodian) });
    expect(notAdmin.body?.code).toBe(Code.NOT_AUTHORIZED);
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

    // The user: what the web app's /login does once they have signed in (Signet's own API).
    const user = await passwordGrant('custodian@demo.test');
    const authorized = await http('POST', '/msbapi/v1/oauth/authorize', {
      headers: { access_token: user.access_token, 'content-type': 'application/json' },
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
    const valid = await http('GET', '/msbapi/v1/users/valid', { headers: as(tokens) });
    expect((valid.data as { userInfo: { email: string } }).userInfo.email).toBe('custodian@demo.test');
    expect((await exchange()).body?.code).toBe(Code.INVALID_TOKEN);

    const unregistered = await http('POST', '/msbapi/v1/oauth/authorize', {
      headers: { access_token: user.access_token, 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uri: 'https://evil.example/steal', state: 'xyz' }),
    });
    expect(unregistered.body?.code).toBe(Code.INVALID_INPUT);
  });

  it('composes through its token, hands out easy-sign links, sees them signed, downloads both PDFs and is called back', async () => {
    const tokens = await signInThroughClient();
    const card = await composeCard(tokens, 'Card 7781');

    // The filtered list, as the integration finds its ePak again by subject.
    const listed = await http(
      'GET',
      `/msbapi/v2/epaks?pg=1&role=Custodian&sort=DESC&sortColumn=modifiedOn&filter=Card%207781&filterKey=SUBJECT`,
      { headers: as(tokens) },
    );
    expect(listed.data).toEqual([
      expect.objectContaining({
        ePakId: card.epakId,
        subject: 'Card 7781',
        ownerUserName: 'custodian@demo.test',
        signerUserName: null,
        currentStatePendingSigners: ['signer1@demo.test'],
        status: 'InProgress',
      }),
    ]);
    const asSigner = await http('GET', '/msbapi/v2/epaks?role=signer&filterKey=subject&filter=Card%207781', {
      headers: as(tokens),
    });
    expect(asSigner.data).toEqual([]);

    const before = await easySignLinks(tokens, card.epakId);
    expect(before.map((l) => [l.userEmail, l.status])).toEqual([['signer1@demo.test', 'Pending']]);
    // The same link each time, so a link already handed out keeps working.
    expect((await easySignLinks(tokens, card.epakId))[0]?.easySignLink).toBe(before[0]?.easySignLink);

    answers.push(503);
    await signThroughLink(tokens, card);
    expect((await easySignLinks(tokens, card.epakId)).map((l) => [l.userEmail, l.status])).toEqual([
      ['signer1@demo.test', 'Signed'],
    ]);

    expect(
      Buffer.from(await download(tokens, card.docId, 'Original')).equals(Buffer.from(card.original)),
    ).toBe(true);
    const signed = await download(tokens, card.docId, 'Current');
    const nss = nssDbTrusting([
      await t.db.withTenant(tokens.defaultTenantId, (tx) => tenantRoot(tx, tokens.defaultTenantId, t.deps)),
    ]);
    try {
      expect((await pdfsig(signed, nss.dir)).map((s) => [s.valid, s.trusted])).toEqual([[true, true]]);
    } finally {
      nss.close();
    }
    expect(qpdfCheck(signed)).toBeUndefined();

    // The callback: the first call is answered 503, the retry (after the back-off) 200.
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 1, ended: 0 });
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 0 });
    t.clock.advance(61);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 1, failed: 0, ended: 0 });
    expect(calls()).toHaveLength(2);
    expect(Object.fromEntries(calls()[1]?.searchParams ?? [])).toEqual({
      source: 'signet',
      ePakId: card.epakId,
      status: 'Completed',
      event: 'completed',
    });
    expect(
      (await deliveries(card.epakId)).map((d) => [
        d.status,
        d.attempts.map((a) => a.httpStatus),
        d.nextAttemptOn,
      ]),
    ).toEqual([['Delivered', [503, 200], null]]);
  });

  it('keeps calling back an endpoint that keeps failing, at most 6 h apart and with no limit on attempts, the next attempt shown to the admin', async () => {
    const tokens = await signInThroughClient();
    const card = await composeCard(tokens, 'Card 7782');
    const failures = 14;
    answers.push(...Array.from({ length: failures }, () => 500));
    await signThroughLink(tokens, card);
    const gaps: number[] = [];
    for (let n = 1; n <= failures; n += 1) {
      expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 1, ended: 0 });
      const [d, ...others] = await deliveries(card.epakId);
      expect(others).toEqual([]);
      expect([d?.status, d?.attempts.length]).toEqual(['Pending', n]);
      const last = d?.attempts.at(-1);
      gaps.push((Date.parse(d?.nextAttemptOn ?? '') - Date.parse(last?.attemptedOn ?? '')) / 1000);
      t.clock.advance((Date.parse(d?.nextAttemptOn ?? '') - t.clock.now().getTime()) / 1000 - 1);
      expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 0 });
      untilNextAttempt(d);
    }
    // 1, 2, 4 … minutes, then every 6 hours: past the twelfth attempt it is still trying.
    expect(gaps).toEqual([
      60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600, 21600, 21600, 21600, 21600,
    ]);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 1, failed: 0, ended: 0 });
    const [done] = await deliveries(card.epakId);
    expect([done?.status, done?.attempts.length, done?.nextAttemptOn]).toEqual([
      'Delivered',
      failures + 1,
      null,
    ]);
    expect(calls().filter((u) => u.searchParams.get('ePakId') === card.epakId)).toHaveLength(failures + 1);
  });

  it('follows the admin: a changed callback URL takes the pending delivery at once, a removed one ends it and silences the ePaks under way', async () => {
    const tokens = await signInThroughClient();
    const done = await composeCard(tokens, 'Card 7783');
    const underWay = await composeCard(tokens, 'Card 7784');
    answers.push(500);
    await signThroughLink(tokens, done);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 1, ended: 0 });

    const moved = `${receiverOrigin}/signet/moved`;
    const changed = await setCallbackUrl(moved);
    // Only the URL changed: the client keeps its grants and redirect URIs.
    expect(changed).toEqual(
      expect.objectContaining({
        callbackUrl: moved,
        grants: ['password', 'refresh_token', 'authorization_code'],
        redirectUris: [`${receiverOrigin}/oauth/back`],
      }),
    );
    const [pending] = await deliveries(done.epakId);
    expect([pending?.status, pending?.url, pending?.nextAttemptOn]).toEqual([
      'Pending',
      moved,
      t.clock.now().toISOString(),
    ]);
    answers.push(500);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 1, ended: 0 });
    expect(calls('/signet/moved').map((u) => u.searchParams.get('ePakId'))).toEqual([done.epakId]);

    expect((await setCallbackUrl(null)).callbackUrl).toBeNull();
    const [ended] = await deliveries(done.epakId);
    expect([ended?.status, ended?.nextAttemptOn, ended?.attempts.map((a) => a.httpStatus)]).toEqual([
      'Failed',
      null,
      [500, 500],
    ]);
    t.clock.advance(6 * 3600);
    const heard = received.length;
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 0 });
    // The ePak composed before the removal completes afterwards without calling anyone.
    const fresh = await signInThroughClient();
    await signThroughLink(fresh, underWay);
    expect(await deliveries(underWay.epakId)).toEqual([]);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 0 });
    expect(received).toHaveLength(heard);
  });

  it('gives up a rejected ePak’s callback once retention has purged the ePak', async () => {
    await setCallbackUrl(callbackUrl());
    const tokens = await signInThroughClient();
    const card = await composeCard(tokens, 'Card 7785');
    // The signer declines through the link.
    const [link] = await easySignLinks(tokens, card.epakId);
    const signer = { access_token: await openLink(link?.easySignLink ?? '') };
    const reasons = await http('GET', '/msbapi/v1/reasons', { headers: signer });
    const reasonId = (reasons.data as { reasonId: number; kind: string }[]).find(
      (r) => r.kind === 'reject',
    )?.reasonId;
    const rejected = await http('POST', `/msbapi/v2/epaks/${card.epakId}/reject`, {
      headers: { ...signer, 'content-type': 'application/json' },
      body: JSON.stringify({ reasonId, comment: 'Wrong card' }),
    });
    expect(rejected.data).toMatchObject({ status: 'Rejected' });
    answers.push(500);
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 1, ended: 0 });
    expect(Object.fromEntries(calls().at(-1)?.searchParams ?? [])).toEqual({
      source: 'signet',
      ePakId: card.epakId,
      status: 'Rejected',
      event: 'rejected',
    });

    // Set-up: the owner deletes the ePak in Signet; retention purges it 30 days later.
    const removed = await http('DELETE', '/msbapi/v2/epaks', {
      headers: { ...as(tokens), 'content-type': 'application/json' },
      body: JSON.stringify({ ePakIds: [card.epakId] }),
    });
    expect(removed.body?.code).toBe(1);
    t.clock.advance(31 * 86_400);
    expect(await purgeExpiredRetention(t.deps)).toBeGreaterThanOrEqual(1);
    const heard = received.length;
    expect(await deliverDueCallbacks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 1 });
    expect(received).toHaveLength(heard);
    const [given] = await deliveries(card.epakId);
    expect([given?.status, given?.nextAttemptOn, given?.attempts.map((a) => a.httpStatus)]).toEqual([
      'Failed',
      null,
      [500],
    ]);
  });
});
