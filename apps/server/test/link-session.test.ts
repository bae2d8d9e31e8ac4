import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiRoutes } from '../src/http/routes/index.ts';
import { composeAndSend, SIGNATURE_PNG } from './support/epak-helpers.ts';
import { publicRoutes, refused } from './support/link-session-refused.ts';
import {
  linked,
  nobody,
  OTHER_COSIGNER,
  OTHER_SUBJECT,
  type Outcome,
  other,
  PNG,
  served,
} from './support/link-session-routes.ts';
import { type ApiResponse, type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * A session opened from an easy-sign link reaches its one ePak (issue 17 point 4). Every API
 * route is classified here: served to a link session (and then it answers about the link's ePak
 * only) or refused with -11; public routes never read a token. A route added without being
 * classified fails the first test.
 */

let t: TestServer;
let custodian: Session;
let signer: Session;

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
