import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Executor } from '../../db/database.ts';
import { insertUsers } from '../../db/repositories/accounts.ts';
import { insertEpaks, markUnreadMany } from '../../db/repositories/epaks.ts';
import { findMembersByIds, insertMemberships } from '../../db/repositories/members.ts';
import { insertNotifications } from '../../db/repositories/notifications.ts';
import { subscribersOf } from '../../db/repositories/webhooks.ts';
import { appendActivities } from '../activity/append-activity.ts';
import { accountMailLanguage } from '../auth/language.ts';
import { actionRequestNotice } from '../epaks/carry-out-effects.ts';
import { actionRequestEmail } from '../notifications/epak-emails.ts';
import { queueWebhookEvents, webhookEventsOf } from '../webhooks/webhook-events.ts';
import { type BatchContext, type Built, YIELD_EVERY } from './build-row.ts';

/** Every built ePak's rows, each table in one statement; the activity chain last (its lock). */
export async function writeBatch(tx: Executor, ctx: BatchContext, built: readonly Built[]): Promise<void> {
  if (built.length === 0) return;
  const { plan, now, deps } = ctx;
  const tenantId = plan.actor.tenantId;
  const joining = [...ctx.joined.values()];
  await insertUsers(
    tx,
    joining.flatMap((j) => (j.user ? [j.user] : [])),
  );
  await insertMemberships(
    tx,
    joining.map((j) => j.membership),
  );

  await insertEpaks(tx, {
    epaks: built.map((b) => b.epak),
    steps: built.flatMap((b) => b.steps),
    recipients: built.flatMap((b) => b.recipients),
    documents: built.flatMap((b) => b.documents),
    versions: built.flatMap((b) => b.versions),
    tags: built.flatMap((b) => b.tags),
  });
  // Each request in the recipient's language: their profile's once they have a password, else the uploader's.
  const requests = built.flatMap((b) => b.requests);
  const asked = [...new Set(requests.map((r) => r.userId))];
  const known = new Map([...ctx.members.values()].map((m) => [m.user.id, m.user]));
  const others = asked.filter((id) => !known.has(id) && joining.some((j) => j.userId === id && !j.user));
  for (const m of await findMembersByIds(tx, others)) known.set(m.user.id, m.user);
  const mails: MailMessage[] = [];
  const notices: Parameters<typeof insertNotifications>[1][number][] = [];
  for (const [i, r] of requests.entries()) {
    // Sealing the links and writing the mails is the other long stretch of JavaScript.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    mails.push({
      ...actionRequestEmail({
        to: r.to,
        kind: r.kind,
        subject: r.subject,
        from: plan.from,
        message: r.message,
        link: r.link,
        reminder: false,
        epakId: r.epakId,
        language: accountMailLanguage(known.get(r.userId), plan.language),
      }),
      tenantId,
    });
    const notice = actionRequestNotice(r.kind, plan.from, r.subject);
    notices.push({ tenantId, userId: r.userId, epakId: r.epakId, subject: r.subject, ...notice });
  }
  await deps.mailer.queue(tx, mails);
  await insertNotifications(tx, notices);
  await markUnreadMany(
    tx,
    tenantId,
    requests.map((r) => ({ epakId: r.epakId, userId: r.userId })),
  );
  if ((await subscribersOf(tx, 'sent')).length > 0) {
    for (const b of built)
      await queueWebhookEvents(
        tx,
        {
          tenantId,
          epak: { id: b.epak.id as string, status: b.epak.status as string },
          actorUserId: plan.actor.userId,
          recipients: b.recipients.map((r) => ({ id: r.id as string, email: r.email })),
        },
        webhookEventsOf({ type: 'start' }, b.effects),
        now,
      );
  }
  await appendActivities(
    tx,
    tenantId,
    built.flatMap((b) => b.activity),
    now,
  );
}
