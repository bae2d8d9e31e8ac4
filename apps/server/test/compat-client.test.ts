import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkflow } from '../src/db/repositories/epaks.ts';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD, DEMO_USERS } from '../src/demo/seed-demo.ts';
import {
  as,
  type Composed,
  http,
  passwordGrant,
  serverOrigin,
  startCompatServer,
  storedTags,
  type Tokens,
  template,
} from './support/compat-integration.ts';
import { samplePdf } from './support/epak-helpers.ts';
import type { TestServer } from './support/test-server.ts';

/**
 * An integration written against the original product's API, using only the shapes it knows
 * over real HTTP. It changes nothing but its base URL, and sends `access_token` and
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

beforeAll(async () => {
  t = await startCompatServer();
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
    const res = await fetch(`${serverOrigin()}/signdrive/msbapi/v2/compose/epak`, {
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
