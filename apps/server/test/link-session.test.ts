import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiRoutes } from '../src/http/routes/index.ts';
import { composeAndSend, multipart, SIGNATURE_PNG } from './support/epak-helpers.ts';
import {
  type ApiResponse,
  type CallOptions,
  type Session,
  startTestServer,
  type TestServer,
} from './support/test-server.ts';

/**
 * A session opened from an easy-sign link reaches its one ePak (issue 17 point 4). Every API
 * route is classified here: served to a link session (and then it answers about the link's ePak
 * only) or refused with -11; public routes never read a token. A route added without being
 * classified fails the first test.
 */

let t: TestServer;
let custodian: Session;
let signer: Session;
const nobody = '00000000-0000-4000-8000-000000000099';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The link's ePak (signer1 and signer2 sign it) and another ePak of signer1's (with the registrar). */
const linked = { epakId: '', documentId: '', tenantId: '' };
const other = { epakId: '', documentId: '' };
const OTHER_SUBJECT = 'Other secret deal';
const OTHER_COSIGNER = 'registrar@demo.test';

/** Nothing of the other ePak may appear in an answer to a link session. */
function expectNothingOfTheOtherEpak(res: ApiResponse) {
  for (const secret of [other.epakId, other.documentId, OTHER_SUBJECT, OTHER_COSIGNER])
    expect(res.raw).not.toContain(secret);
}

/** A fresh link session for signer1 on the linked ePak, as the signing view gets it. */
async function openLink(): Promise<{ token: string; refreshToken: string }> {
  const links = await t.call<{ easySignInfo: { userEmail: string; easySignLink: string }[] }[]>(
    'GET',
    `/v2/epaks/easysignlinks/${linked.epakId}`,
    { token: custodian.token },
  );
  const link = links.data[0]?.easySignInfo.find((l) => l.userEmail === 'signer1@demo.test')?.easySignLink;
  const easyToken = new URL(link ?? 'http://x').searchParams.get('easytoken') ?? '';
  const exchanged = await t.call<{ access_token: string; refresh_token: string }>(
    'GET',
    `/v2/epaks/${easyToken}/exchange`,
  );
  expect(exchanged.code).toBe(1);
  return { token: exchanged.data.access_token, refreshToken: exchanged.data.refresh_token };
}

let link: { token: string; refreshToken: string };

/** A well-formed upload, so a refusal comes from whose ePak it is, not from a missing file. */
function aFile(): Pick<CallOptions, 'body' | 'headers'> {
  const file = multipart([{ name: 'Note.txt', bytes: new TextEncoder().encode('note'), type: 'text/plain' }]);
  return { body: file.body, headers: { 'content-type': file.contentType } };
}

type Outcome = 'answered' | 'passesTheGate' | 'notFound';
interface Probe {
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
const served: Record<string, Probe[]> = {
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

/** Routes that refuse a link session with -11: everything that is not about the link's ePak. */
const refused = [
  'GET /v2/getMaskedInfo',
  // The menus and permissions of a signed-in member, not of a forwarded link.
  'GET /v1/accessibilities',
  'GET /v2/platform/settings',
  'PUT /v2/platform/settings',
  // Invitations to other tenants are the person's to answer, not a forwarded link's.
  'GET /v1/user/invitations',
  'POST /v1/user/invitations/:tenantId',
  'POST /v2/authentication/otp/generate',
  'POST /v2/auth/otp/validate',
  'POST /v1/users/password',
  'POST /v1/users/invite',
  'GET /v2/users/csvInvite',
  'POST /v2/users/csvInvite',
  'GET /v1/users',
  'POST /v1/users',
  'GET /v1/filteredusers',
  'GET /v1/user',
  'GET /v1/users/statistics',
  'GET /v1/users/:userId/:includeImages',
  'GET /v2/users/:userId/tenants',
  'PUT /v2/users/roles',
  'POST /v1/users/:userId/admin',
  'POST /v1/users/profile',
  'GET /v1/users/:userId/photo',
  'DELETE /v1/users/:userId/photo',
  'POST /v1/users/:userId/password/reset',
  'PUT /v2/user/passcode',
  'DELETE /v2/users/:userId/passcode',
  'DELETE /v1/users/:userId/invitation',
  'PUT /v1/users/:userId/status',
  'POST /v1/users/:userId/signature',
  'GET /v1/users/:userId/signature',
  'GET /v2/users/:userId/initials',
  'GET /v1/users/:userId/certificate',
  'POST /v1/users/:userId/csr',
  'POST /v1/users/:userId/certificate/:certificateId/pin',
  'GET /v1/groups',
  'GET /v1/groups/:groupId',
  'POST /v1/groups',
  'PUT /v1/groups',
  'DELETE /v1/groups/:groupId',
  'POST /v1/groups/:groupId/users',
  'DELETE /v1/groups/:groupId/users',
  'GET /v2/user/getAllSuperadmins',
  'POST /v2/user/registerAsSuperadmin',
  'PUT /v2/user/updateSuperadminStatus',
  'GET /v2/tenants',
  'POST /v2/tenants',
  'PUT /v2/tenants/:tenantId',
  'PUT /v1/configuration',
  'GET /v2/activity/verify',
  'POST /v1/documents',
  'POST /v1/skydrivefiles',
  'GET /v1/documents',
  'DELETE /v1/documents',
  'PUT /v1/document/:documentId/rename',
  'POST /v1/documents/merge',
  'POST /v1/document/compare',
  'POST /v1/document/compare/report',
  'POST /v1/document/convert',
  'GET /v1/documents/:documentId/preconfiguredtags',
  'GET /v1/document/download',
  'POST /v2/epak',
  'POST /v2/epak/edit',
  'GET /v2/epaks',
  'GET /v2/epaks/:ePakId/togglestar',
  'POST /v2/epaks/:ePakId/start',
  'POST /v2/epaks/:ePakId/documents/:documentId/signatureblocks',
  'PUT /v2/epaks/:ePakId/documents/:documentId/signatureblocks',
  'GET /v2/epaks/:ePakId/download',
  'POST /v2/epak/status',
  'PUT /v2/updateEpakArchivalPeriod/:ePakId',
  'PUT /v2/epak/notif/date',
  'POST /v2/epak/:ePakId/archive',
  'DELETE /v2/epaks',
  'GET /v2/epaks/:ePakId/activity',
  'POST /v2/epaks/:ePakId/user/:userEmail/:workflowStateId/delegatecancel',
  'POST /v2/epaks/:ePakId/user/:userId/state/:state/wforder/:wfOrderId/reminder',
  'POST /v1/epak/:ePakId/deleteSigner',
  'POST /v2/epaks/bulksign',
  'POST /v2/epak/:ePakId/attach',
  'GET /v2/statistics',
  'POST /v1/reasons',
  'PUT /v1/reasons',
  'GET /v2/workflows',
  'POST /v2/workflows',
  'GET /v2/workflows/:workflowId',
  'PUT /v2/workflows/:workflowId',
  'DELETE /v2/workflows/:workflowId',
  'POST /v2/workflows/:workflowId/duplicate',
  'GET /v1/workflow/states',
  'POST /v1/workflow/states',
  'PUT /v1/workflow/states',
  'PUT /v1/workflow/states/:workflowStateId/:workflowStateOrder',
  'GET /v1/documenttemplates',
  'POST /v1/documenttemplates',
  'DELETE /v1/documenttemplates',
  'GET /v1/documenttemplates/:docTemplateId',
  'PUT /v1/documenttemplates/:docTemplateId',
  'POST /v1/documenttemplate/upload',
  'GET /v2/documenttemplate/:docTemplateId/workflowtemplate/:workflowTemplateId/export',
  'POST /v2/documenttemplate/import',
  'POST /v1/docusigntemplate',
  'POST /v1/letterheadtemplate',
  'GET /v1/letterheadtemplate',
  'GET /v1/letterheadtemplate/:letterHeadDocId',
  'DELETE /v1/letterheadtemplate/:letterHeadDocId',
  'POST /v2/rubberstamp',
  'GET /v2/rubberstamp',
  'PUT /v2/rubberstamp',
  'DELETE /v2/rubberstamp/:id',
  'POST /v2/rubberstamp/share',
  'POST /v2/compose/epak',
  'POST /v3/compose/epak',
  'GET /v1/oauthclients',
  'POST /v1/oauthclients',
  'PUT /v1/oauthclients/:id',
  'DELETE /v1/oauthclients/:id',
  'POST /v1/oauth/authorize',
  'GET /v1/callbacks',
  'GET /v2/userSyncUp/settings',
  'PUT /v2/userSyncUp/settings',
  'POST /v2/userSyncUp/test',
  'POST /v2/startUserSyncUp',
  'GET /v2/userSyncUp/runs',
  'GET /v2/bulkcompose/template/:docTemplateId',
  'GET /v2/bulkcompose/template/:docTemplateId/header',
  'POST /v2/bulkcompose/template/:docTemplateId',
  'GET /v2/bulkcompose/runs',
  'GET /v2/bulkcompose/runs/:runId',
  'POST /v2/bulkcompose/runs/:runId/cancel',
  'GET /v2/bulkcompose/runs/:runId/failed',
  'GET /v2/webhooks',
  'POST /v2/webhooks',
  'PUT /v2/webhooks/:id',
  'DELETE /v2/webhooks/:id',
  'GET /v2/webhooks/:id/deliveries',
  'POST /v2/webhooks/:id/deliveries/:deliveryId/resend',
  'POST /v2/webhooks/:id/test',
  'GET /v2/epaks/easysignlinks/:ePakId',
  'GET /v2/webform',
  'POST /v2/webform',
  'PUT /v2/webform',
  'DELETE /v2/webform/:mappingId',
  'GET /v2/generatewebformapi',
  'GET /v1/sso',
  'PUT /v1/sso',
  'GET /v1/teamrooms',
  'POST /v1/teamrooms',
  'GET /v1/teamrooms/:teamRoomId',
  'PUT /v1/teamrooms/:teamRoomId',
  'POST /v1/teamrooms/clone/:teamRoomId',
  'POST /v1/teamrooms/:teamRoomId/members',
  'PUT /v1/teamrooms/:teamRoomId/members/:userId',
  'DELETE /v1/teamrooms/:teamRoomId/members/:userId',
  'POST /v1/teamrooms/:teamRoomId/folders',
  'PUT /v1/teamrooms/:teamRoomId/folders/:folderId',
  'DELETE /v1/teamrooms/:teamRoomId/folders/:folderId',
  'POST /v1/teamrooms/:teamRoomId/documents',
  'PUT /v1/teamrooms/:teamRoomId/documents/:documentId',
  'DELETE /v1/teamrooms/:teamRoomId/documents/:documentId',
  'GET /v1/teamrooms/:teamRoomId/documents/:documentId/download',
  'POST /v1/teamrooms/:teamRoomId/compose',
  'POST /v1/teamrooms/:teamRoomId/documents/:documentId/unlock',
  'POST /v2/epak/:ePakId/stamppaper',
  'POST /v2/stamppaper',
  'PUT /v2/stamppaper',
  'POST /v2/stamppapers',
  'DELETE /v2/stamppapers/:stamps',
  'GET /v2/stamppaper/stats',
  'POST /v2/stamppaper/assign',
  'POST /v2/stamppaper/bulkassign',
  'POST /v2/stamppaper/bulkrevoke',
  'GET /v2/stamppaper/user/groupedstamps',
  'GET /v2/stamppaper/:stampPaperId/certificate',
  'POST /v1/stamppapers/csv/upload',
  'POST /v1/stamppapers/csv/export',
  'GET /v1/stamppapers/csv/export',
  'GET /v1/report',
  'GET /v1/report/:reportId',
  'POST /v1/report',
  // A UIS session is a signed-in member's, not a forwarded link's.
  'GET /v1/uisauthcode',
];

/** Routes without sign-in: they never read the token, so a link session is nobody there. */
const publicRoutes = [
  // The token is in the path and checked there (public-profile.ts).
  'GET /v1/users/:accessToken',
  'GET /public/alive',
  'HEAD /public/alive',
  'GET /public/ready',
  'HEAD /public/ready',
  'GET /public/configuration',
  'GET /public/usertype',
  'GET /public/passwordpolicy',
  'POST /public/token',
  'POST /public/ui/switch',
  'GET /public/branding/:tenantId/logo',
  'GET /public/easysign/:easyToken/first-page',
  'GET /public/access_token',
  'POST /v1/authenticate',
  'POST /v2/authentication/otp/verify',
  'POST /public/users/forgotPassword',
  'POST /public/users/password',
  'POST /public/users/registerusertenant',
  'POST /v1/user/signup',
  'POST /public/invitation',
  'POST /public/invitation/answer',
  'GET /v2/epaks/:ePakId/exchange',
  'POST /public/webform/:tenantId/:mappingId',
  'GET /public/sso/:tenantId',
  'POST /public/sso/start',
  'POST /public/sso/callback',
  'POST /public/sso/link',
  'POST /public/verify',
  'POST /public/verify/report',
  'GET /public/verifyQrData',
  // The eSign service's answer through the signer's browser: checked by its XML signature.
  'POST /public/esign/response/:tenantId/:txn',
];

/** Each route as `METHOD url`, with its auth mode. */
const routeKeys = apiRoutes.flatMap((r) =>
  [r.url, ...(r.aliases ?? [])].flatMap((url) =>
    [r.method].flat().map((m) => ({ key: `${m} ${url}`, auth: r.auth })),
  ),
);

/** Fills a route's path with the other ePak's ids (and harmless values elsewhere). */
function withOtherIds(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'ePakId') return other.epakId;
    if (name === 'documentId' || name === 'docId') return other.documentId;
    if (name === 'userEmail') return OTHER_COSIGNER;
    if (name === 'includeImages') return 'true';
    if (name === 'action') return 'viewed';
    if (name === 'tenantId') return linked.tenantId;
    if (name === 'userId') return signer.userId;
    return /Order$|^state$|^wfOrderId$/.test(name) ? '1' : nobody;
  });
}

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer1@demo.test');
  // The person's own photo: their account shows it, a link to one ePak does not.
  await t.call('POST', '/v1/users/profile', {
    token: signer.token,
    body: { userImage: PNG, userImageType: 'image/png' },
  });
  const a = await composeAndSend(
    t,
    custodian.token,
    [{ type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] }],
    { subject: 'Linked agreement' },
  );
  const b = await composeAndSend(
    t,
    custodian.token,
    [{ type: 'SIGN', recipients: ['signer1@demo.test', OTHER_COSIGNER] }],
    { subject: OTHER_SUBJECT },
  );
  Object.assign(linked, { epakId: a.epakId, documentId: a.documentId, tenantId: signer.tenantId ?? '' });
  Object.assign(other, { epakId: b.epakId, documentId: b.documentId });
  link = await openLink();
});
afterAll(() => t.close());

describe('a link session', () => {
  it('meets only classified routes: every API route is served, refused or public here', () => {
    const classified = new Map<string, string>([
      ...Object.keys(served).map((k) => [k, 'user'] as const),
      ...refused.map((k) => [k, 'user'] as const),
      ...publicRoutes.map((k) => [k, 'public'] as const),
    ]);
    const unclassified = routeKeys.filter((r) => !classified.has(r.key)).map((r) => r.key);
    const gone = [...classified.keys()].filter((k) => !routeKeys.some((r) => r.key === k));
    // Public means no token is read at all; every other route resolves the session first.
    const wrongAuth = routeKeys
      .filter((r) => classified.has(r.key) && (r.auth === 'public') !== (classified.get(r.key) === 'public'))
      .map((r) => r.key);
    expect({ unclassified, gone, wrongAuth }).toEqual({ unclassified: [], gone: [], wrongAuth: [] });
  });

  for (const key of refused) {
    it(`is refused on ${key} with -11`, async () => {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const res = await t.call(method, withOtherIds(url), { token: link.token });
      expect({ key, status: res.status, code: res.code }).toEqual({
        key,
        status: 403,
        code: Code.NOT_AUTHORIZED,
      });
      expectNothingOfTheOtherEpak(res);
    });
  }

  const told: Record<Outcome, string> = {
    answered: 'answers about its own ePak',
    passesTheGate: 'reaches the use case for its own ePak',
    notFound: 'finds no other ePak',
  };
  for (const [key, probes] of Object.entries(served)) {
    for (const probe of probes) {
      it(`on ${key} ${told[probe.outcome]}`, async () => {
        const res = await t.call(probe.method, probe.url(), {
          token: link.token,
          ...(probe.body ? { body: probe.body() } : {}),
          ...probe.raw?.(),
        });
        if (probe.outcome === 'answered') expect({ key, status: res.status }).toEqual({ key, status: 200 });
        if (probe.outcome === 'passesTheGate') expect(res.code).not.toBe(Code.NOT_AUTHORIZED);
        if (probe.outcome === 'notFound')
          expect({ key, status: res.status, code: res.code }).toEqual({
            key,
            status: 404,
            code: Code.GENERIC_ERROR,
          });
        expectNothingOfTheOtherEpak(res);
      });
    }
  }

  it('cannot list or count the person’s other ePaks', async () => {
    const asked: { url: string; query: Record<string, string> }[] = [
      { url: '/v2/epaks', query: { folder: 'Inbox' } },
      { url: '/v2/epaks', query: { role: 'Signer', searchKey: 'all', searchVal: 'secret' } },
      { url: '/v2/statistics', query: { scope: 'user', type: 'summary' } },
    ];
    for (const { url, query } of asked) {
      const res = await t.call('GET', url, { token: link.token, query });
      expect({ url, code: res.code }).toEqual({ url, code: Code.NOT_AUTHORIZED });
      expectNothingOfTheOtherEpak(res);
    }
    // The same routes under the older integrations' prefix, and HEAD of a list, are refused alike.
    for (const [method, url] of [
      ['GET', '/signdrive/msbapi/v2/epaks'],
      ['GET', '/mysignaturebook/msbapi/v2/statistics'],
      ['HEAD', '/msbapi/v2/epaks'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { access_token: link.token } });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.body).not.toContain(other.epakId);
    }
    // The person's own sign-in still sees both.
    const inbox = await t.call<{ ePakId: string }[]>('GET', '/v2/epaks', { token: signer.token });
    expect(inbox.data.map((e) => e.ePakId)).toEqual(expect.arrayContaining([linked.epakId, other.epakId]));
  });

  it('sees the link’s tenant only and no photo as its current user', async () => {
    const me = await t.call<{ userImage: string | null; userTenantList: { tenantUuid: string }[] }>(
      'GET',
      '/v1/users/valid',
      { token: link.token },
    );
    expect(me.data.userImage).toBeNull();
    expect(me.data.userTenantList.map((x) => x.tenantUuid)).toEqual([linked.tenantId]);
    const own = await t.call<{ userImage: string | null }>('GET', '/v1/users/valid', { token: signer.token });
    expect(own.data.userImage).toBe(PNG);
  });

  it('stays narrowed after its token is refreshed', async () => {
    const fresh = await openLink();
    const refreshed = await t.call<{ access_token: string }>('POST', '/v1/authenticate', {
      form: { grant_type: 'refresh_token', refresh_token: fresh.refreshToken },
    });
    expect(refreshed.code).toBe(1);
    const list = await t.call('GET', '/v2/epaks', { token: refreshed.data.access_token });
    expect(list.code).toBe(Code.NOT_AUTHORIZED);
    const own = await t.call('GET', `/v2/epaks/${linked.epakId}`, { token: refreshed.data.access_token });
    expect(own.code).toBe(1);
  });

  it('can sign out, which ends it', async () => {
    const session = await openLink();
    expect((await t.call('POST', '/v1/logout', { token: session.token })).code).toBe(1);
    expect((await t.call('GET', `/v2/epaks/${linked.epakId}`, { token: session.token })).code).toBe(
      Code.SESSION_ENDED,
    );
  });

  it('gets no notification socket (closed with 4003)', async () => {
    const port = (t.app.server.address() as { port: number }).port;
    const query = new URLSearchParams({ access_token: link.token, tenant_id: linked.tenantId });
    const socket = new WebSocket(`ws://127.0.0.1:${port}/msbapi/notifications?${query}`);
    socket.on('error', () => undefined);
    // Whatever comes first: a message (the old socket said `ready`) or the close.
    const first = await new Promise<string>((resolve) => {
      socket.on('message', (data) => resolve(`message ${String(data)}`));
      socket.on('close', (code) => resolve(`closed ${code}`));
    });
    socket.close();
    expect(first).toBe('closed 4003');
  });

  it('still signs its own ePak', async () => {
    const signed = await t.call<{ actionDone: boolean }>(
      'POST',
      `/v2/epaks/${linked.epakId}/documents/${linked.documentId}/sign`,
      { token: link.token, body: { signatureImage: SIGNATURE_PNG } },
    );
    expect(signed.code).toBe(1);
    expect(signed.data.actionDone).toBe(true);
  });
});
