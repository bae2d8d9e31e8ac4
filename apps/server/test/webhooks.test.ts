import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Code, type Webhook, type WebhookDelivery, type WebhookPayload } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expireDueEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { deliverDueWebhooks } from '../src/domain/webhooks/webhook-deliveries.ts';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Webhooks (issue 12) against a real HTTP receiver on loopback (allowed through
 * SIGNET_OUTBOUND_ALLOW, as an on-premises integration would be), which checks every call's
 * HMAC with the secret the admin was shown.
 */

interface Received {
  path: string;
  event: string;
  delivery: string;
  body: string;
  payload: WebhookPayload;
  signatureOk: boolean;
}

let t: TestServer;
let admin: Session;
let receiver: Server;
let origin = '';
const received: Received[] = [];
/** Secrets by path: the receiver verifies each call with the secret of the subscription at that path. */
const secrets = new Map<string, string>();
/** Statuses the receiver answers at a path, one per call (200 once they run out). */
const script = new Map<string, number[]>();
const at = (path: string) => received.filter((r) => r.path === path);

/** What a receiver does, written here from the header's description rather than taken from Signet. */
function signatureMatches(secret: string, body: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match?.[1] || !match[2]) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

beforeAll(async () => {
  t = await startTestServer({ SIGNET_OUTBOUND_ALLOW: '127.0.0.1' });
  admin = await t.signIn('admin@demo.test');
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://receiver').pathname;
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['signet-signature'] ?? '');
      received.push({
        path,
        event: String(req.headers['signet-event']),
        delivery: String(req.headers['signet-delivery']),
        body,
        payload: JSON.parse(body) as WebhookPayload,
        signatureOk: signatureMatches(secrets.get(path) ?? '', body, signature),
      });
      res.writeHead(script.get(path)?.shift() ?? 200);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
// Fresh sessions: tests move the clock past a token's lifetime.
beforeEach(async () => {
  admin = await t.signIn('admin@demo.test');
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

/** Subscribes `path` of the receiver; the receiver learns the secret the admin is shown. */
async function subscribe(path: string, body: Record<string, unknown>, token = admin.token): Promise<Webhook> {
  const res = await t.call<Webhook>('POST', '/v2/webhooks', {
    token,
    body: { url: `${origin}${path}`, ...body },
  });
  expect(res.code).toBe(1);
  secrets.set(path, res.data.secret ?? '');
  return res.data;
}

async function deliveries(id: string, token = admin.token): Promise<WebhookDelivery[]> {
  const res = await t.call<WebhookDelivery[]>('GET', `/v2/webhooks/${id}/deliveries`, { token });
  expect(res.code).toBe(1);
  return res.data;
}

const as = (email: string) => t.signIn(email);

describe('subscriptions', () => {
  it('shows the signing secret once, on creation and when regenerated, and keeps it sealed', async () => {
    const hook = await subscribe('/secret', { events: ['completed'], description: 'CRM' });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await t.call<Webhook[]>('GET', '/v2/webhooks', { token: admin.token });
    const listed = list.data.find((w) => w.id === hook.id);
    expect(listed).toMatchObject({
      url: `${origin}/secret`,
      events: ['completed'],
      description: 'CRM',
      enabled: true,
    });
    expect(listed).not.toHaveProperty('secret');
    const stored = await t.db.system.execute(
      sql`select secret_sealed from webhook_subscriptions where id = ${hook.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(hook.secret?.slice(6));
    const rotated = await t.call<Webhook>('PUT', `/v2/webhooks/${hook.id}`, {
      token: admin.token,
      body: { regenerateSecret: true },
    });
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(hook.secret);
    const renamed = await t.call<Webhook>('PUT', `/v2/webhooks/${hook.id}`, {
      token: admin.token,
      body: { description: 'CRM (new)' },
    });
    expect(renamed.data).toMatchObject({ description: 'CRM (new)', events: ['completed'] });
    expect(renamed.data).not.toHaveProperty('secret');
  });

  it('refuses a URL on a private address, a non-http URL and no events (-6)', async () => {
    for (const body of [
      { url: 'http://10.1.2.3/hook', events: ['sent'] },
      { url: 'http://169.254.169.254/latest', events: ['sent'] },
      { url: 'ftp://example.com/hook', events: ['sent'] },
      { url: `${origin}/none`, events: [] },
      { url: `${origin}/none`, events: ['opened'] },
    ]) {
      const res = await t.call('POST', '/v2/webhooks', { token: admin.token, body });
      expect([body.url, res.code]).toEqual([body.url, Code.INVALID_INPUT]);
    }
  });

  it('is refused to a member who is not an admin (-11), whatever the route', async () => {
    const hook = await subscribe('/refused', { events: ['sent'] });
    const custodian = await as('custodian@demo.test');
    for (const [method, url] of [
      ['GET', '/v2/webhooks'],
      ['POST', '/v2/webhooks'],
      ['PUT', `/v2/webhooks/${hook.id}`],
      ['DELETE', `/v2/webhooks/${hook.id}`],
      ['GET', `/v2/webhooks/${hook.id}/deliveries`],
      ['POST', `/v2/webhooks/${hook.id}/test`],
    ] as const) {
      const res = await t.call(method, url, {
        token: custodian.token,
        body: { url: `${origin}/x`, events: ['sent'] },
      });
      expect([method, url, res.status, res.code]).toEqual([method, url, 403, Code.NOT_AUTHORIZED]);
    }
    expect(at('/refused')).toEqual([]);
  });

  it('deleting a subscription removes it with its log', async () => {
    const hook = await subscribe('/deleted', { events: ['sent'] });
    await t.call('POST', `/v2/webhooks/${hook.id}/test`, { token: admin.token });
    expect(await deliveries(hook.id)).toHaveLength(1);
    expect((await t.call('DELETE', `/v2/webhooks/${hook.id}`, { token: admin.token })).code).toBe(1);
    const gone = await t.call('GET', `/v2/webhooks/${hook.id}/deliveries`, { token: admin.token });
    expect([gone.status, gone.code]).toEqual([404, Code.GENERIC_ERROR]);
  });
});

describe('events', () => {
  it('delivers each event type once, signed with the secret and naming no document content', async () => {
    const all = ['sent', 'viewed', 'signed', 'rejected', 'completed', 'expired', 'deleted'];
    const hook = await subscribe('/all', { events: all });
    const custodian = await as('custodian@demo.test');
    const signer = await as('signer1@demo.test');
    // sent, viewed, signed, completed
    const signed = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Confidential merger',
      },
    );
    for (let i = 0; i < 2; i += 1)
      await t.call('PUT', `/v2/epak/${signed.epakId}/document/${signed.documentId}/viewed`, {
        token: signer.token,
      });
    expect((await signAll(t, signer.token, signed.epakId, signed.documentId)).data.status).toBe('Completed');
    // rejected
    const rejected = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'] },
    ]);
    const reasons = await t.call<{ reasonId: number; kind: string }[]>('GET', '/v1/reasons', {
      token: signer.token,
    });
    const reasonId = reasons.data.find((r) => r.kind === 'reject')?.reasonId;
    expect(
      (
        await t.call('POST', `/v2/epaks/${rejected.epakId}/reject`, {
          token: signer.token,
          body: { reasonId },
        })
      ).code,
    ).toBe(1);
    // deleted
    const deleted = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'] },
    ]);
    expect(
      (await t.call('DELETE', '/v2/epaks', { token: custodian.token, body: { ePakIds: [deleted.epakId] } }))
        .code,
    ).toBe(1);
    // expired
    const expires = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString();
    const expired = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        extra: { expiresOn: expires },
      },
    );
    t.clock.advance(3 * 86_400);
    expect(await expireDueEpaks(t.deps)).toBeGreaterThanOrEqual(1);
    admin = await as('admin@demo.test');

    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ failed: 0, ended: 0 });
    const calls = at('/all');
    // The test clock stands still, so the order of calls is not asserted, only what each ePak caused.
    const of = (epakId: string) =>
      calls
        .filter((c) => c.payload.ePak?.id === epakId)
        .map((c) => c.event)
        .sort();
    expect(of(signed.epakId)).toEqual(['completed', 'sent', 'signed', 'viewed']);
    expect(of(rejected.epakId)).toEqual(['rejected', 'sent']);
    expect(of(deleted.epakId)).toEqual(['deleted', 'sent']);
    expect(of(expired.epakId)).toEqual(['expired', 'sent']);
    for (const c of calls) {
      expect(c.signatureOk).toBe(true);
      expect(c.payload.event).toBe(c.event);
      expect(c.payload.tenantId).toBe(admin.tenantId);
      expect(c.body).not.toContain('Confidential merger');
    }
    expect(new Set(calls.map((c) => c.payload.id)).size).toBe(calls.length);
    const signedCall = calls.find((c) => c.event === 'signed' && c.payload.ePak?.id === signed.epakId);
    expect(signedCall?.payload).toMatchObject({
      ePak: { id: signed.epakId, status: 'Completed' },
      actor: { userId: signer.userId },
      recipient: { email: 'signer1@demo.test' },
    });
    const viewedCall = calls.find((c) => c.event === 'viewed');
    expect(viewedCall?.payload.documentId).toBe(signed.documentId);
    expect(calls.find((c) => c.event === 'expired')?.payload.actor).toBeNull();
    const log = await deliveries(hook.id);
    expect(log.every((d) => d.status === 'Delivered' && d.attempts.length === 1)).toBe(true);
    expect(log.map((d) => d.id).sort()).toEqual(calls.map((c) => c.delivery).sort());
    // Nothing is due any more: each event went once.
    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 0 });
    expect(at('/all')).toHaveLength(calls.length);
  });

  it('tells a subscription only the events it chose', async () => {
    const hook = await subscribe('/completed-only', { events: ['completed'] });
    const custodian = await as('custodian@demo.test');
    const signer = await as('signer1@demo.test');
    const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }]);
    await signAll(t, signer.token, e.epakId, e.documentId);
    await deliverDueWebhooks(t.deps);
    expect(at('/completed-only').map((c) => [c.event, c.payload.ePak?.id])).toEqual([
      ['completed', e.epakId],
    ]);
    expect((await deliveries(hook.id)).map((d) => d.event)).toEqual(['completed']);
  });

  it('a disabled subscription gets nothing, not even what was pending when it was disabled', async () => {
    const off = await subscribe('/disabled', { events: ['sent'], enabled: false });
    const later = await subscribe('/disabled-later', { events: ['sent'] });
    const custodian = await as('custodian@demo.test');
    await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }]);
    await t.call('PUT', `/v2/webhooks/${later.id}`, { token: admin.token, body: { enabled: false } });
    await deliverDueWebhooks(t.deps);
    expect([at('/disabled'), at('/disabled-later')]).toEqual([[], []]);
    expect(await deliveries(off.id)).toEqual([]);
    const given = await deliveries(later.id);
    expect(given.map((d) => [d.event, d.status, d.attempts.length])).toEqual([['sent', 'Failed', 0]]);
    const refused = await t.call('POST', `/v2/webhooks/${later.id}/test`, { token: admin.token });
    expect([refused.status, refused.code]).toEqual([409, Code.GENERIC_ERROR]);
  });

  it("another tenant's events never reach this tenant's subscriptions, nor its admin the other's log", async () => {
    const other = await as('admin@other.test');
    const theirs = await subscribe('/other-tenant', { events: ['sent', 'completed'] }, other.token);
    const custodian = await as('custodian@demo.test');
    const signer = await as('signer1@demo.test');
    const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }]);
    await signAll(t, signer.token, e.epakId, e.documentId);
    await deliverDueWebhooks(t.deps);
    expect(at('/other-tenant')).toEqual([]);
    expect(await deliveries(theirs.id, other.token)).toEqual([]);
    // Ours, with real ids, from their admin: as if they did not exist.
    const ours = await subscribe('/ours', { events: ['sent'] });
    const test = await t.call<WebhookDelivery>('POST', `/v2/webhooks/${ours.id}/test`, {
      token: admin.token,
    });
    for (const [method, url] of [
      ['GET', `/v2/webhooks/${ours.id}/deliveries`],
      ['POST', `/v2/webhooks/${ours.id}/deliveries/${test.data.id}/resend`],
      ['POST', `/v2/webhooks/${ours.id}/test`],
      ['PUT', `/v2/webhooks/${ours.id}`],
      ['DELETE', `/v2/webhooks/${ours.id}`],
    ] as const) {
      const res = await t.call(method, url, { token: other.token, body: {} });
      expect([method, url, res.status]).toEqual([method, url, 404]);
    }
    expect(at('/ours')).toHaveLength(1);
    expect(
      (await t.call<Webhook[]>('GET', '/v2/webhooks', { token: other.token })).data.map((w) => w.id),
    ).toEqual([theirs.id]);
  });
});

describe('delivery log', () => {
  it('a receiver answering 500 is tried again a minute later, with the same event, and then delivered', async () => {
    const hook = await subscribe('/flaky', { events: ['sent'] });
    script.set('/flaky', [500]);
    const first = await t.call<WebhookDelivery>('POST', `/v2/webhooks/${hook.id}/test`, {
      token: admin.token,
    });
    expect(first.data).toMatchObject({ event: 'test', status: 'Pending' });
    expect(first.data.attempts.map((a) => [a.httpStatus, a.error])).toEqual([[500, 'answered 500']]);
    expect(Date.parse(first.data.nextAttemptOn ?? '') - t.clock.now().getTime()).toBe(60_000);
    t.clock.advance(59);
    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 0, failed: 0, ended: 0 });
    t.clock.advance(1);
    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 1, failed: 0, ended: 0 });
    const [d] = await deliveries(hook.id);
    expect([d?.status, d?.attempts.map((a) => a.httpStatus), d?.nextAttemptOn]).toEqual([
      'Delivered',
      [500, 200],
      null,
    ]);
    const calls = at('/flaky');
    expect(calls.map((c) => c.signatureOk)).toEqual([true, true]);
    expect(new Set(calls.map((c) => c.payload.id)).size).toBe(1);
    expect(calls.map((c) => c.delivery)).toEqual([first.data.id, first.data.id]);
  });

  it('resend makes a fresh attempt now, of a delivered one and of a given-up one, with the same event id', async () => {
    const hook = await subscribe('/resend', { events: ['sent'] });
    const sent = await t.call<WebhookDelivery>('POST', `/v2/webhooks/${hook.id}/test`, {
      token: admin.token,
    });
    expect(sent.data.status).toBe('Delivered');
    t.clock.advance(1);
    const again = await t.call<WebhookDelivery>(
      'POST',
      `/v2/webhooks/${hook.id}/deliveries/${sent.data.id}/resend`,
      { token: admin.token },
    );
    expect([again.data.status, again.data.attempts.length]).toEqual(['Delivered', 2]);
    // Given up: pending when its subscription was disabled.
    script.set('/resend', [503]);
    const failing = await t.call<WebhookDelivery>('POST', `/v2/webhooks/${hook.id}/test`, {
      token: admin.token,
    });
    expect(failing.data.status).toBe('Pending');
    await t.call('PUT', `/v2/webhooks/${hook.id}`, { token: admin.token, body: { enabled: false } });
    t.clock.advance(60);
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ ended: 1 });
    expect((await deliveries(hook.id)).find((d) => d.id === failing.data.id)?.status).toBe('Failed');
    await t.call('PUT', `/v2/webhooks/${hook.id}`, { token: admin.token, body: { enabled: true } });
    t.clock.advance(1);
    const revived = await t.call<WebhookDelivery>(
      'POST',
      `/v2/webhooks/${hook.id}/deliveries/${failing.data.id}/resend`,
      { token: admin.token },
    );
    expect([revived.data.status, revived.data.attempts.map((a) => a.httpStatus)]).toEqual([
      'Delivered',
      [503, 200],
    ]);
    const calls = at('/resend');
    expect(calls.map((c) => c.signatureOk)).toEqual([true, true, true, true]);
    expect(calls[0]?.payload.id).toBe(calls[1]?.payload.id);
    expect(calls[2]?.payload.id).toBe(calls[3]?.payload.id);
    expect(calls[0]?.body).toBe(calls[1]?.body);
  });

  it('a new URL takes the pending deliveries with it, due at once', async () => {
    const hook = await subscribe('/moved-from', { events: ['sent'] });
    script.set('/moved-from', [500]);
    const d = await t.call<WebhookDelivery>('POST', `/v2/webhooks/${hook.id}/test`, { token: admin.token });
    expect(d.data.status).toBe('Pending');
    secrets.set('/moved-to', secrets.get('/moved-from') ?? '');
    await t.call('PUT', `/v2/webhooks/${hook.id}`, {
      token: admin.token,
      body: { url: `${origin}/moved-to` },
    });
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ delivered: 1 });
    expect(at('/moved-to').map((c) => [c.delivery, c.signatureOk])).toEqual([[d.data.id, true]]);
  });
});
