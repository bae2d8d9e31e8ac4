import { Code, type CreateEpak, type SigningPolicy } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import type { findAccountsForRecipients, insertUsers } from '../../db/repositories/accounts.ts';
import type { insertEpaks } from '../../db/repositories/epaks.ts';
import type { findMembersByEmails, insertMemberships } from '../../db/repositories/members.ts';
import type { NewActivity } from '../activity/append-activity.ts';
import { AppError } from '../app-error.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { checkSteps } from '../epaks/build-workflow.ts';
import { newEasySignLink } from '../epaks/carry-out-effects.ts';
import { changesValue, readOnlyTag, tagWritableBy } from '../epaks/fill-tags.ts';
import { refuseByRules } from '../epaks/resolve-recipients.ts';
import { securityCodeHash } from '../epaks/security-code.ts';
import { checkPlacement, recipientOf, type StoredPage, tagRow } from '../epaks/signature-blocks.ts';
import { checkReadyToSend } from '../epaks/start-epak.ts';
import {
  type MachineEpak,
  progressPercent,
  transition,
  type WorkflowEffect,
} from '../epaks/workflow-machine.ts';
import { requireProvidersFor, signingPoliciesOf } from '../signing/providers/resolve-provider.ts';
import { fromTemplates, toEpakTag } from '../templates/apply-templates.ts';
import type { readTenantSettings } from '../tenants/tenant-settings.ts';
import { type ComposedRow, fieldValueFor } from './layout.ts';
import type { RunPlan } from './run-plan.ts';

/** One row of a batch built in memory as the one-row path would write it (see compose-batch.ts). */
type Insert<K extends keyof Parameters<typeof insertEpaks>[1]> = Parameters<typeof insertEpaks>[1][K][number];
type UserInsert = Parameters<typeof insertUsers>[1][number];
type MembershipInsert = Parameters<typeof insertMemberships>[1][number];

/** Someone a row names who is not a member yet: the batch adds them once. */
export interface Joining {
  userId: string;
  user: UserInsert | null;
  membership: MembershipInsert;
}

/** A request to act, whose mail is written once everyone's language is known. */
interface Request {
  epakId: string;
  subject: string;
  message: string;
  to: string;
  userId: string;
  kind: 'sign' | 'review';
  link: string;
}

/** One row's ePak, built in memory. */
export interface Built {
  rowNumber: number;
  epak: Insert<'epaks'>;
  steps: Insert<'steps'>[];
  recipients: Insert<'recipients'>[];
  documents: Insert<'documents'>[];
  versions: Insert<'versions'>[];
  tags: Insert<'tags'>[];
  joining: Map<string, Joining>;
  requests: Request[];
  activity: Omit<NewActivity, 'tenantId'>[];
  effects: WorkflowEffect[];
}

/** Rows built between two turns of the event loop. */
export const YIELD_EVERY = 10;

/** The starting effects the batch carries out itself; any other sends the row the one-row way. */
const BATCHED_EFFECTS: readonly WorkflowEffect['type'][] = ['statusChanged', 'actionRequested'];

export interface BatchContext {
  plan: RunPlan;
  now: Date;
  settings: ReturnType<typeof readTenantSettings>;
  members: Map<string, Awaited<ReturnType<typeof findMembersByEmails>>[number]>;
  accounts: Awaited<ReturnType<typeof findAccountsForRecipients>>;
  /** People added by earlier rows of this batch, by email. */
  joined: Map<string, Joining>;
  deps: Deps;
}

/** One row as `createEpakIn`, the field filling and `startEpak` would write it; throws their refusals. */
export async function buildRow(
  tx: Executor,
  ctx: BatchContext,
  rowNumber: number,
  row: ComposedRow,
  input: CreateEpak,
): Promise<Built | 'alone'> {
  const { plan, now, deps } = ctx;
  const { actor } = plan;
  const tenantId = actor.tenantId;
  const composed = fromTemplates(plan.templates, input, now);
  await requireProvidersFor(tx, tenantId, signingPoliciesOf(composed.steps, composed.signingPolicy), deps);
  const epakId = crypto.randomUUID();

  // The people (resolvePeople): the tenant's recipient rules first, then members as they are and
  // anyone else joining as an external signer.
  const { recipientRules, internalDomains } = ctx.settings;
  const people = new Map<string, string>();
  const joining = new Map<string, Joining>();
  for (const p of composed.steps.flatMap((s) => s.recipients)) {
    const email = p.email.toLowerCase();
    if (people.has(email)) continue;
    const member = ctx.members.get(email);
    const joined = ctx.joined.get(email);
    refuseByRules(
      email,
      member
        ? { role: member.membership.role, verified: member.user.verified }
        : joined
          ? { role: 'signer', verified: false }
          : null,
      recipientRules,
      internalDomains,
    );
    if (member || joined) {
      people.set(email, member?.user.id ?? (joined as Joining).userId);
      continue;
    }
    const account = ctx.accounts.get(email);
    const userId = account?.id ?? crypto.randomUUID();
    joining.set(email, {
      userId,
      user: account
        ? null
        : {
            id: userId,
            email,
            firstName: p.firstName,
            middleName: p.middleName,
            lastName: p.lastName,
            defaultTenantId: tenantId,
          },
      membership: {
        tenantId,
        userId,
        role: 'signer',
        status: 'enabled',
        userType: 'external',
        invitedBy: actor.userId,
        profileShared: !account,
      },
    });
    people.set(email, userId);
  }
  checkSteps(composed.steps);

  const steps: Insert<'steps'>[] = [];
  const recipients: (Insert<'recipients'> & {
    id: string;
    stateId: string;
    signingPolicy: string | null;
    delegatedFromId: null;
  })[] = [];
  for (const [i, step] of composed.steps.entries()) {
    const stateId = crypto.randomUUID();
    steps.push({
      tenantId,
      id: stateId,
      epakId,
      stepOrder: i + 1,
      type: step.type,
      name: step.name,
      signingPolicy: step.signingPolicy ?? composed.signingPolicy,
      minRequired: step.minRequired,
      status: 'waiting',
    });
    for (const [position, r] of step.recipients.entries()) {
      const email = r.email.toLowerCase();
      recipients.push({
        tenantId,
        id: crypto.randomUUID(),
        epakId,
        stateId,
        userId: people.get(email) as string,
        email,
        signingPolicy: r.signingPolicy ?? null,
        position,
        status: 'NotRequired',
        delegatedFromId: null,
      });
    }
  }
  const workflow = {
    steps: steps.map((s) => ({ ...s, id: s.id as string, signingPolicy: s.signingPolicy ?? null })),
    recipients,
  };

  // The template's documents, copies pointing to the same content, and its tags on them.
  const template = composed.documentTemplate;
  const documents: (Insert<'documents'> & { id: string })[] = [];
  const versions: Insert<'versions'>[] = [];
  const tags: Insert<'tags'>[] = [];
  for (const [position, d] of (template?.docs ?? []).entries()) {
    const documentId = crypto.randomUUID();
    const version = plan.versions.get(d.id);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING, `${d.name} has no content`);
    documents.push({
      tenantId,
      id: documentId,
      ownerId: actor.userId,
      epakId,
      position,
      name: d.name,
      originalName: d.originalName,
      status: 'Active',
      kind: d.kind,
      pageCount: d.pageCount,
      pages: d.pages,
      formFields: d.formFields,
    });
    versions.push({
      tenantId,
      documentId,
      version: 1,
      blobHash: version.blobHash,
      size: version.size,
      kind: 'template',
      createdBy: actor.userId,
    });
    const own = (template?.row.tags ?? [])
      .filter((t) => t.documentPosition === position)
      .map((t) => toEpakTag(t, composed.slots));
    if (own.length === 0) continue;
    checkPlacement(own, d.pages as StoredPage[]);
    for (const t of own) {
      const placed = tagRow(tenantId, epakId, documentId, t, recipientOf({ workflow }, t));
      if (changesValue(placed.value, null) && !tagWritableBy(placed, 'custodian')) throw readOnlyTag(placed);
      // The row's values for the custodian's fields (fillFields).
      if (!placed.readOnly && tagWritableBy(placed, 'custodian')) {
        const value = fieldValueFor(row, placed);
        if (value !== undefined) placed.value = value;
      }
      tags.push(placed);
    }
  }

  // The start (startEpak): ready to send, its expiry, and the machine's first step.
  checkReadyToSend(
    { workflow },
    documents,
    tags.map((t) => ({ ...t, recipientId: t.recipientId ?? null })),
  );
  const expiredOn =
    composed.expiresOn ??
    (ctx.settings.epakExpiryDays > 0 ? addSeconds(now, ctx.settings.epakExpiryDays * 86_400) : null);
  if (expiredOn && expiredOn <= now) throw new AppError(Code.INVALID_INPUT, 'The expiry date has passed');
  const machine: MachineEpak = {
    status: 'Draft',
    steps: steps.map((s) => ({
      id: s.id as string,
      order: s.stepOrder,
      type: s.type as MachineEpak['steps'][number]['type'],
      minRequired: s.minRequired ?? null,
      status: 'waiting',
      recipients: recipients
        .filter((r) => r.stateId === s.id)
        .map((r) => ({
          id: r.id,
          userId: r.userId,
          status: 'NotRequired' as const,
          delegatedFromId: null,
          delegatedToId: null,
        })),
    })),
  };
  const started = transition(machine, { type: 'start' });
  if (started.effects.some((e) => !BATCHED_EFFECTS.includes(e.type))) return 'alone';
  for (const s of started.epak.steps) {
    const step = steps.find((x) => x.id === s.id);
    if (step) Object.assign(step, { status: s.status, stepOrder: s.order });
    for (const r of s.recipients) {
      const recipient = recipients.find((x) => x.id === r.id);
      if (recipient) Object.assign(recipient, { status: r.status, delegatedToId: r.delegatedToId });
    }
  }
  const subject = composed.subject ?? 'Untitled';
  const activity: Omit<NewActivity, 'tenantId'>[] = [
    {
      epakId,
      actorUserId: actor.userId,
      action: 'epak.created',
      details: {
        documents: documents.length,
        steps: composed.steps.length,
        documentTemplateId: template?.row.id ?? null,
        workflowTemplateId: composed.workflowTemplateId,
      },
      ip: actor.ip,
    },
  ];
  const requests: Request[] = [];
  for (const effect of started.effects) {
    if (effect.type === 'statusChanged') {
      activity.push({
        epakId,
        actorUserId: actor.userId,
        action: 'epak.statusChanged',
        details: { from: effect.from, to: effect.to },
        ip: actor.ip,
      });
    } else if (effect.type === 'actionRequested') {
      for (const id of effect.recipientIds) {
        const recipient = recipients.find((r) => r.id === id);
        if (!recipient) continue;
        const { link, stored } = newEasySignLink(id, deps);
        Object.assign(recipient, stored);
        requests.push({
          epakId,
          subject,
          message: input.message,
          to: recipient.email,
          userId: recipient.userId,
          kind: effect.stepType === 'REVIEW' ? 'review' : 'sign',
          link,
        });
      }
    }
  }
  const current = started.epak.steps.find((s) => s.status === 'current');
  const epak: Insert<'epaks'> = {
    id: epakId,
    tenantId,
    subject,
    message: input.message,
    ownerId: actor.userId,
    status: started.epak.status,
    signingPolicy: composed.signingPolicy as SigningPolicy,
    securityCodeHash: securityCodeHash(input.securityCode),
    viewEnforced: input.viewEnforced,
    requestLocation: input.requestLocation,
    tags: input.tags,
    comments: input.comments,
    workflowName: composed.workflowName,
    workflowTemplateId: composed.workflowTemplateId,
    reminderIntervalDays: composed.reminderIntervalDays,
    reminderMax: composed.reminderMax,
    expiredOn,
    createdAt: now,
    modifiedOn: now,
    sentOn: now,
    currentStepOrder: current?.order ?? null,
    progressPercent: progressPercent(started.epak),
    callbackUrl: input.callbackUrl ?? null,
  };
  return {
    rowNumber,
    epak,
    steps,
    recipients: recipients.map(({ delegatedFromId: _none, ...r }) => r),
    documents,
    versions,
    tags,
    joining,
    requests,
    activity,
    effects: started.effects,
  };
}
