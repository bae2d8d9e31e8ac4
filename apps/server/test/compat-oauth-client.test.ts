import { createServer, type Server } from 'node:http';
import { Code } from '@signet/contracts';
import { nssDbTrusting, pdfsig, qpdfCheck } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_PASSWORD } from '../src/demo/seed-demo.ts';
import { deliverDueCallbacks } from '../src/domain/integrations/callbacks.ts';
import { purgeExpiredRetention } from '../src/domain/jobs/scheduled-work.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import {
  as,
  composeCard,
  download,
  easySignLinks,
  http,
  openLink,
  passwordGrant,
  serverOrigin,
  signThroughLink,
  startCompatServer,
  type Tokens,
} from './support/compat-integration.ts';
import type { TestServer } from './support/test-server.ts';

/**
 * An integration with an OAuth client of its own, registered by a tenant admin: it signs its users
 * in (password grant and authorization code), composes, hands out easy-sign links and is called
 * back, over real HTTP with only the original product's shapes. The tests run in order: the
 * first registers the client the others use.
 */

let t: TestServer;

beforeAll(async () => {
  t = await startCompatServer();
});
afterAll(() => t.close());

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
      `${serverOrigin()}/mysignaturebook/app/login?redirect_uri=${encodeURIComponent(`${receiverOrigin}/oauth/back`)}&state=xyz`,
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
