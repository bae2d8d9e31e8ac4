import { Code } from '@signet/contracts';
import {
  insertRecipient,
  type RecipientRow,
  reassignTags,
  updateRecipient,
} from '../../db/repositories/epaks.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { applyEvent } from './apply-event.ts';
import { announceComment } from './carry-out-effects.ts';
import { loadEpak, myTurn, requireOwner } from './load-epak.ts';
import { resolveReason } from './reasons.ts';
import { resolvePeople } from './resolve-recipients.ts';
import { refusalFor, transition } from './workflow-machine.ts';

/**
 * `POST /v2/epaks/{ePakId}/reject`: the recipient whose turn it is declines, with a reason from
 * the list (-49 without one). The ePak is Rejected and refuses every further action (-23).
 */
export async function rejectEpak(
  actor: Actor,
  epakId: string,
  input: { reasonId?: number | undefined; comment?: string | undefined },
  origin: RequestOrigin,
  deps: Deps,
): Promise<{ status: string }> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    const turn = myTurn(loaded);
    if (!turn) throw refusalFor(loaded.machine.status) ?? new AppError(Code.USER_STEP_NOT_PENDING);
    const reason = await resolveReason(tx, tenantId, input.reasonId, input.comment);
    await updateRecipient(tx, turn.id, {
      reason,
      actedAt: deps.clock.now(),
      actedIp: origin.ip,
      actedUserAgent: origin.userAgent,
    });
    const recipients = loaded.workflow.recipients.map((r) => (r.id === turn.id ? { ...r, reason } : r));
    const applied = await applyEvent(
      tx,
      { ...loaded, workflow: { ...loaded.workflow, recipients } },
      { type: 'reject', recipientId: turn.id },
      { tenantId, actorUserId: actor.userId, ip: actor.ip },
      deps,
    );
    await appendActivity(
      tx,
      {
        tenantId,
        epakId,
        actorUserId: actor.userId,
        action: 'epak.rejected',
        details: { recipientId: turn.id, reason },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    // The "Declined" mail carries the comment already: a push only.
    await announceComment(tx, loaded, turn, input.comment, actor, deps, { mail: false });
    return { status: applied.epak.status };
  });
  deps.mailer.kick();
  return result;
}

/**
 * `POST /v2/epaks/{ePakId}/delegate`: the recipient whose turn it is hands their action to
 * someone else (a new person becomes an external user with `invitewithdelegation`). Their tags
 * go to the delegate. -163 where delegation is not allowed (a delegate delegating again,
 * in-person signing, someone already in the step).
 */
export async function delegateEpak(
  actor: Actor,
  epakId: string,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    reasonId?: number | undefined;
    comment?: string | undefined;
  },
  deps: Deps,
): Promise<{ delegateId: string }> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    const turn = myTurn(loaded);
    if (!turn) throw new AppError(Code.USER_STEP_NOT_PENDING);
    if (input.email.toLowerCase() === turn.email)
      throw new AppError(Code.DELEGATION_NOT_ALLOWED, 'You cannot delegate to yourself');
    const reason =
      input.reasonId !== undefined || input.comment
        ? await resolveReason(tx, tenantId, input.reasonId, input.comment)
        : '';
    const people = await resolvePeople(
      tx,
      actor,
      [{ email: input.email, firstName: input.firstName, middleName: '', lastName: input.lastName }],
      'invitewithdelegation',
    );
    const person = people.get(input.email.toLowerCase());
    if (!person) throw new Error('delegate was not resolved');
    const delegateId = crypto.randomUUID();
    // Checked by the machine first, so a refused delegation writes nothing.
    transition(loaded.machine, {
      type: 'delegate',
      recipientId: turn.id,
      delegate: { id: delegateId, userId: person.userId },
    });
    const delegate: RecipientRow = {
      ...turn,
      id: delegateId,
      userId: person.userId,
      email: person.email,
      status: 'DelegatePending',
      delegatedFromId: turn.id,
      delegatedToId: null,
      actedAt: null,
      reason: null,
      easySignTokenHash: null,
      easySignTokenSealed: null,
      remindersSent: 0,
      lastRemindedAt: null,
      createdAt: deps.clock.now(),
    };
    // The row's creation time comes from the database, like every other recipient's, so the
    // delegate sorts after the person who delegated.
    await insertRecipient(tx, { ...delegate, createdAt: undefined });
    await updateRecipient(tx, turn.id, { reason: reason || null });
    await reassignTags(tx, turn.id, delegateId);
    await applyEvent(
      tx,
      {
        ...loaded,
        workflow: {
          ...loaded.workflow,
          recipients: loaded.workflow.recipients.map((r) => (r.id === turn.id ? { ...r, reason } : r)),
        },
      },
      { type: 'delegate', recipientId: turn.id, delegate: { id: delegateId, userId: person.userId } },
      { tenantId, actorUserId: actor.userId, ip: actor.ip, extraRecipients: [delegate] },
      deps,
    );
    await appendActivity(
      tx,
      {
        tenantId,
        epakId,
        actorUserId: actor.userId,
        action: 'epak.delegated',
        details: { from: turn.email, to: person.email, reason },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    await announceComment(tx, loaded, turn, input.comment, actor, deps);
    return { delegateId };
  });
  deps.mailer.kick();
  return result;
}

/**
 * `POST /v2/epaks/{ePakId}/user/{userEmail}/{workflowStateId}/delegatecancel`: the person who
 * delegated (or the ePak's owner) takes the action back while the delegate has not acted (-163
 * otherwise). The tags return to them.
 */
export async function cancelDelegation(
  actor: Actor,
  epakId: string,
  userEmail: string,
  workflowStateId: string,
  deps: Deps,
) {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  const result = await deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    const original = loaded.workflow.recipients.find(
      (r) => r.email === userEmail.toLowerCase() && r.stateId === workflowStateId && r.status === 'Delegated',
    );
    if (!original) throw new AppError(Code.DELEGATION_NOT_ALLOWED, 'There is no open delegation to cancel');
    if (original.userId !== actor.userId) requireOwner(loaded, actor);
    if (original.delegatedToId) await reassignTags(tx, original.delegatedToId, original.id);
    const applied = await applyEvent(
      tx,
      loaded,
      { type: 'cancelDelegation', recipientId: original.id },
      { tenantId, actorUserId: actor.userId, ip: actor.ip },
      deps,
    );
    return { status: applied.epak.status };
  });
  deps.mailer.kick();
  return result;
}
