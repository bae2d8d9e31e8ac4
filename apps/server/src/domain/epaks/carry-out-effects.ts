import type { NotificationType } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { appendActivity } from '../../db/repositories/activity.ts';
import {
  currentVersion,
  documentsOfEpak,
  type EpakRow,
  markUnread,
  type RecipientRow,
  updateRecipient,
} from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import { insertNotification } from '../../db/repositories/notifications.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import type { Deps } from '../deps.ts';
import { queueEpakCallback } from '../integrations/callbacks.ts';
import {
  actionRequestEmail,
  completedEmail,
  declinedEmail,
  delegatedEmail,
  documentsEmail,
} from '../notifications/epak-emails.ts';
import { displayName } from '../users/present-user.ts';
import type { WorkflowEffect } from './workflow-machine.ts';

export interface EffectContext {
  tenantId: string;
  epak: EpakRow;
  recipients: RecipientRow[];
  actorUserId: string | null;
  ip: string | null;
}

/** The web app's page for one ePak, for the owner and signed-in users. */
export const epakLink = (deps: Deps, epakId: string) => `${deps.settings.appUrl}/dashboard?ePakId=${epakId}`;

async function notify(
  tx: Executor,
  ctx: EffectContext,
  userId: string,
  type: NotificationType,
  title: string,
  body: string,
) {
  await insertNotification(tx, {
    tenantId: ctx.tenantId,
    userId,
    type,
    epakId: ctx.epak.id,
    subject: ctx.epak.subject,
    title,
    body,
  });
}

/**
 * A fresh easy-sign link for a recipient: a random token whose digest replaces any earlier one
 * (DOMAIN.md: single ePak, single recipient, stored hashed).
 */
export async function issueEasySignLink(
  tx: Executor,
  recipient: Pick<RecipientRow, 'id' | 'easySignTokenSealed'>,
  deps: Deps,
): Promise<string> {
  // One link per recipient: reminders and integrations hand out the same one (sealed with the
  // master key), so a link already sent keeps working. Delegation clears it.
  const context = `easy-sign:${recipient.id}`;
  let token: string;
  if (recipient.easySignTokenSealed) {
    token = Buffer.from(
      deps.vault.open(Buffer.from(recipient.easySignTokenSealed, 'base64'), context),
    ).toString('utf8');
  } else {
    token = randomToken();
    const sealed = Buffer.from(deps.vault.seal(Buffer.from(token, 'utf8'), context)).toString('base64');
    await updateRecipient(tx, recipient.id, {
      easySignTokenHash: tokenDigest(token),
      easySignTokenSealed: sealed,
      easySignUsedAt: null,
    });
  }
  return `${deps.settings.appUrl}/sign?easytoken=${token}`;
}

/** Asks recipients to act: a mail with an easy-sign link, a push notification, unread in their inbox. */
export async function requestAction(
  tx: Executor,
  ctx: EffectContext,
  recipientIds: readonly string[],
  kind: 'sign' | 'review',
  deps: Deps,
  reminder = false,
): Promise<void> {
  const people = await findMembersByIds(tx, [ctx.epak.ownerId]);
  const from = people[0] ? displayName(people[0].user) : 'Signet';
  for (const id of recipientIds) {
    const r = ctx.recipients.find((x) => x.id === id);
    if (!r) continue;
    const link = await issueEasySignLink(tx, r, deps);
    await deps.mailer.queue(tx, {
      ...actionRequestEmail({
        to: r.email,
        kind,
        subject: ctx.epak.subject,
        from,
        message: ctx.epak.message,
        link,
        reminder,
        epakId: ctx.epak.id,
      }),
      tenantId: ctx.tenantId,
    });
    await notify(
      tx,
      ctx,
      r.userId,
      kind === 'sign' ? 'signRequest' : 'reviewRequest',
      kind === 'sign' ? 'Signature requested' : 'Review requested',
      `${from}: ${ctx.epak.subject}`,
    );
    await markUnread(tx, ctx.tenantId, ctx.epak.id, [r.userId]);
  }
}

/**
 * Carries out what a workflow transition asked for, in the same transaction: mails are queued
 * (sent after commit), notifications stored (published on commit), activity appended.
 */
export async function carryOutEffects(
  tx: Executor,
  ctx: EffectContext,
  effects: readonly WorkflowEffect[],
  deps: Deps,
): Promise<void> {
  const now = deps.clock.now();
  const log = (action: string, details: Record<string, unknown>) =>
    appendActivity(
      tx,
      {
        tenantId: ctx.tenantId,
        epakId: ctx.epak.id,
        actorUserId: ctx.actorUserId,
        action,
        details,
        ip: ctx.ip,
      },
      now,
    );
  for (const effect of effects) {
    switch (effect.type) {
      case 'actionRequested':
        await requestAction(
          tx,
          ctx,
          effect.recipientIds,
          effect.stepType === 'REVIEW' ? 'review' : 'sign',
          deps,
        );
        break;
      case 'documentsEmailed': {
        const docs = await documentsOfEpak(tx, ctx.epak.id);
        const attachments = [];
        for (const d of docs) {
          const v = await currentVersion(tx, d.id);
          if (v) attachments.push({ filename: d.name, blobHash: v.blobHash });
        }
        for (const id of effect.recipientIds) {
          const r = ctx.recipients.find((x) => x.id === id);
          if (!r) continue;
          await deps.mailer.queue(tx, {
            ...documentsEmail({
              to: r.email,
              subject: ctx.epak.subject,
              from: 'Signet',
              attachments,
              epakId: ctx.epak.id,
            }),
            tenantId: ctx.tenantId,
          });
          await updateRecipient(tx, r.id, { actedAt: now });
        }
        await log('epak.emailed', { stepId: effect.stepId, recipients: effect.recipientIds.length });
        break;
      }
      case 'stepCompleted':
        await log('epak.stepCompleted', { stepId: effect.stepId });
        break;
      case 'completed': {
        const userIds = [ctx.epak.ownerId, ...ctx.recipients.map((r) => r.userId)];
        const members = await findMembersByIds(tx, userIds);
        for (const m of members) {
          await deps.mailer.queue(tx, {
            ...completedEmail({
              to: m.user.email,
              subject: ctx.epak.subject,
              link: epakLink(deps, ctx.epak.id),
              epakId: ctx.epak.id,
            }),
            tenantId: ctx.tenantId,
          });
          await notify(tx, ctx, m.user.id, 'signCompleted', 'Completed', ctx.epak.subject);
        }
        await markUnread(tx, ctx.tenantId, ctx.epak.id, userIds);
        await log('epak.completed', {});
        break;
      }
      case 'rejected': {
        const r = ctx.recipients.find((x) => x.id === effect.recipientId);
        const owner = (await findMembersByIds(tx, [ctx.epak.ownerId]))[0];
        if (owner && r) {
          await deps.mailer.queue(tx, {
            ...declinedEmail({
              to: owner.user.email,
              subject: ctx.epak.subject,
              by: r.email,
              reason: r.reason ?? '',
              link: epakLink(deps, ctx.epak.id),
              epakId: ctx.epak.id,
            }),
            tenantId: ctx.tenantId,
          });
          await notify(tx, ctx, owner.user.id, 'signDeclined', 'Declined', `${r.email}: ${ctx.epak.subject}`);
          await markUnread(tx, ctx.tenantId, ctx.epak.id, [owner.user.id]);
        }
        break;
      }
      case 'delegated': {
        const from = ctx.recipients.find((x) => x.id === effect.recipientId);
        const to = ctx.recipients.find((x) => x.id === effect.delegateId);
        if (from && to) {
          await deps.mailer.queue(tx, {
            ...delegatedEmail({
              to: to.email,
              subject: ctx.epak.subject,
              by: from.email,
              reason: from.reason ?? '',
              link: epakLink(deps, ctx.epak.id),
              epakId: ctx.epak.id,
            }),
            tenantId: ctx.tenantId,
          });
          await notify(
            tx,
            ctx,
            to.userId,
            'epakDelegated',
            'Delegated to you',
            `${from.email}: ${ctx.epak.subject}`,
          );
          await notify(
            tx,
            ctx,
            ctx.epak.ownerId,
            'epakReassignment',
            'Recipient changed',
            `${from.email} → ${to.email}: ${ctx.epak.subject}`,
          );
        }
        break;
      }
      case 'delegationCancelled':
        await log('epak.delegationCancelled', {
          recipientId: effect.recipientId,
          delegateId: effect.delegateId,
        });
        break;
      case 'recipientRemoved':
        await log('epak.recipientRemoved', { recipientId: effect.recipientId });
        break;
      case 'statusChanged':
        await log('epak.statusChanged', { from: effect.from, to: effect.to });
        await queueEpakCallback(tx, ctx.epak, effect.to, now);
        break;
    }
  }
}
