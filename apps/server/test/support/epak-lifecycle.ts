import { like } from 'drizzle-orm';
import { recentNotifications } from '../../src/db/repositories/notifications.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { type Session, startTestServer, type TestServer } from './test-server.ts';

/** What the ePak lifecycle suites read of `GET /v2/epaks/{id}`. */
export interface EpakDetail {
  status: string;
  steps: {
    id: string;
    wfOrderId: number;
    recipients: { id: string; userId: string; email: string; status: string }[];
  }[];
  documents: { id: string; name: string }[];
}

export const epakDetail = (t: TestServer, s: Session, id: string) =>
  t.call<EpakDetail>('GET', `/v2/epaks/${id}`, { token: s.token });

/** The push notifications a user was sent about one ePak, oldest first. */
export const pushesAbout = async (t: TestServer, s: Session, epakId: string) =>
  (await t.db.withTenant(s.tenantId ?? '', (tx) => recentNotifications(tx, s.userId, 500)))
    .filter((n) => n.epakId === epakId)
    .reverse()
    .map((n) => ({ type: n.type, body: n.body }));

/** Mail queued with this subject (sent or not). */
export const queuedMailLike = (t: TestServer, subject: string) =>
  t.db.system.select().from(mailOutbox).where(like(mailOutbox.subject, subject));

export const tokenOfLink = (link: string) => new URL(link).searchParams.get('easytoken') ?? '';

/** The lifecycle suites' server with the demo custodian and both demo signers signed in. */
export async function startLifecycleServer() {
  const t = await startTestServer();
  return {
    t,
    custodian: await t.signIn('custodian@demo.test'),
    signer1: await t.signIn('signer1@demo.test'),
    signer2: await t.signIn('signer2@demo.test'),
  };
}
