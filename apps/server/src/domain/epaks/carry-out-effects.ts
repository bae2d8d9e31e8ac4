import type { NotificationType } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  currentVersion,
  documentsOfEpak,
  type EpakRow,
  markUnread,
  type RecipientRow,
  updateEpak,
  updateRecipient,
} from '../../db/repositories/epaks.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import { insertNotification } from '../../db/repositories/notifications.ts';
import { requestSeal } from '../../db/repositories/sealing.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { accountMailLanguage, type Language } from '../auth/language.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { queueEpakCallback } from '../integrations/callbacks.ts';
import {
  actionRequestEmail,
  commentEmail,
  completedEmail,
  declinedEmail,
  delegatedEmail,
  documentsEmail,
} from '../notifications/epak-emails.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { displayName } from '../users/present-user.ts';
import type { LoadedEpak } from './load-epak.ts';
import type { WorkflowEffect } from './workflow-machine.ts';

export interface EffectContext {
  tenantId: string;
  epak: EpakRow;
  recipients: RecipientRow[];
  actorUserId: string | null;
  ip: string | null;
  /**
   * The language of whoever caused the change (their request's, or a bulk compose run's): the
   * mails to recipients without a profile language use it; English without one.
   */
  language?: Language;
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

/** A new easy-sign link for a recipient: what its row stores (digest and sealed token) and the link. */
export function newEasySignLink(
  recipientId: string,
  deps: Pick<Deps, 'vault' | 'settings'>,
): {
  link: string;
  stored: { easySignTokenHash: string; easySignTokenSealed: string; easySignUsedAt: null };
} {
  const token = randomToken();
  const context = `easy-sign:${recipientId}`;
  const sealed = Buffer.from(deps.vault.seal(Buffer.from(token, 'utf8'), context)).toString('base64');
  return {
    link: `${deps.settings.appUrl}/sign?easytoken=${token}`,
    stored: { easySignTokenHash: tokenDigest(token), easySignTokenSealed: sealed, easySignUsedAt: null },
  };
}

/** What a request to act says in the recipient's push notification. */
export function actionRequestNotice(kind: 'sign' | 'review', from: string, subject: string) {
  return {
    type: (kind === 'sign' ? 'signRequest' : 'reviewRequest') as NotificationType,
    title: kind === 'sign' ? 'Signature requested' : 'Review requested',
    body: `${from}: ${subject}`,
  };
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
  if (recipient.easySignTokenSealed) {
    const context = `easy-sign:${recipient.id}`;
    const token = Buffer.from(
      deps.vault.open(Buffer.from(recipient.easySignTokenSealed, 'base64'), context),
    ).toString('utf8');
    return `${deps.settings.appUrl}/sign?easytoken=${token}`;
  }
  const { link, stored } = newEasySignLink(recipient.id, deps);
  await updateRecipient(tx, recipient.id, stored);
  return link;
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
  const asked = ctx.recipients.filter((r) => recipientIds.includes(r.id));
  const people = await findMembersByIds(tx, [ctx.epak.ownerId, ...asked.map((r) => r.userId)]);
  const owner = people.find((m) => m.user.id === ctx.epak.ownerId);
  const from = owner ? displayName(owner.user) : 'Signet';
  for (const id of recipientIds) {
    const r = ctx.recipients.find((x) => x.id === id);
    if (!r) continue;
    const link = await issueEasySignLink(tx, r, deps);
    const account = people.find((m) => m.user.id === r.userId)?.user;
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
        language: accountMailLanguage(account, ctx.language),
      }),
      tenantId: ctx.tenantId,
    });
    const notice = actionRequestNotice(kind, from, ctx.epak.subject);
    await notify(tx, ctx, r.userId, notice.type, notice.title, notice.body);
    await markUnread(tx, ctx.tenantId, ctx.epak.id, [r.userId]);
  }
}

/** Longest comment a push notification repeats (the mail and the recipient row keep it whole). */
const PUSH_COMMENT_CHARS = 300;

/**
 * A recipient acted with a free-text comment (a review, a delegation, a rejection): it is kept on
 * their entry and in the activity log, and the custodian is told — a `reviewerComments` push for
 * a REVIEW step, `signerComments` otherwise, and a mail unless the action's own mail to the
 * custodian already carries the text (`mail: false`, a rejection's "Declined" mail).
 */
export async function announceComment(
  tx: Executor,
  loaded: Pick<LoadedEpak, 'epak' | 'workflow'>,
  recipient: RecipientRow,
  comment: string | undefined,
  actor: { tenantId: string; userId: string | null; ip: string | null },
  deps: Deps,
  opts: { mail: boolean } = { mail: true },
): Promise<void> {
  const text = comment?.trim();
  if (!text) return;
  const step = loaded.workflow.steps.find((s) => s.id === recipient.stateId);
  const role = step?.type === 'REVIEW' ? 'reviewer' : 'signer';
  const ctx: EffectContext = {
    tenantId: actor.tenantId,
    epak: loaded.epak,
    recipients: loaded.workflow.recipients,
    actorUserId: actor.userId,
    ip: actor.ip,
  };
  await updateRecipient(tx, recipient.id, { comment: text });
  const owner = (await findMembersByIds(tx, [loaded.epak.ownerId]))[0];
  if (owner && opts.mail) {
    await deps.mailer.queue(tx, {
      ...commentEmail({
        to: owner.user.email,
        subject: loaded.epak.subject,
        by: recipient.email,
        role,
        comment: text,
        link: epakLink(deps, loaded.epak.id),
        epakId: loaded.epak.id,
      }),
      tenantId: actor.tenantId,
    });
  }
  await notify(
    tx,
    ctx,
    loaded.epak.ownerId,
    role === 'reviewer' ? 'reviewerComments' : 'signerComments',
    role === 'reviewer' ? 'Reviewer comment' : 'Signer comment',
    `${recipient.email}: ${text.length > PUSH_COMMENT_CHARS ? `${text.slice(0, PUSH_COMMENT_CHARS - 1)}…` : text}`,
  );
  await markUnread(tx, actor.tenantId, loaded.epak.id, [loaded.epak.ownerId]);
  await appendActivity(
    tx,
    {
      tenantId: actor.tenantId,
      epakId: loaded.epak.id,
      actorUserId: actor.userId,
      action: 'epak.commented',
      details: { recipientId: recipient.id, role, comment: text },
      ip: actor.ip,
    },
    deps.clock.now(),
  );
}

/** Recipients who have had the ePak in their folders, by person, the owner left out. */
function involvedUsers(ctx: EffectContext): string[] {
  const ids = ctx.recipients.filter((r) => r.status !== 'NotRequired').map((r) => r.userId);
  return [...new Set(ids)].filter((id) => id !== ctx.epak.ownerId);
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
        // An archival period set before completion starts now (owner-actions setArchivalPeriod);
        // without one, the tenant's default archival period (settings tab) applies.
        if (!ctx.epak.retentionDate) {
          const days =
            ctx.epak.archivalPeriodDays ??
            readTenantSettings((await findTenant(tx, ctx.tenantId))?.settings).archivalPeriodDays;
          if (days !== null)
            await updateEpak(tx, ctx.epak.id, { retentionDate: addSeconds(now, days * 86_400) });
        }
        await log('epak.completed', {});
        // The certificate and the timestamps are the seal job's: completion stays quick and a
        // TSA outage cannot stop the last signer.
        await requestSeal(tx, ctx.epak.id, now);
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
        // Deleting a sent ePak takes it from its recipients' folders: they are told.
        if (effect.to === 'Deleted' && (effect.from === 'InProgress' || effect.from === 'Stopped')) {
          for (const userId of involvedUsers(ctx))
            await notify(tx, ctx, userId, 'epakDeleted', 'Deleted', ctx.epak.subject);
        }
        break;
    }
  }
}
