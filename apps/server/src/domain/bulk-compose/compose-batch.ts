import {
  type BulkComposeLayout,
  Code,
  type CreateEpak,
  CreateEpakSchema,
  type SigningPolicy,
} from '@signet/contracts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import type { Executor } from '../../db/database.ts';
import { findAccountsForRecipients, insertUsers } from '../../db/repositories/accounts.ts';
import type { BulkComposeRunRow } from '../../db/repositories/bulk-compose.ts';
import { currentVersion, insertEpaks, markUnreadMany } from '../../db/repositories/epaks.ts';
import { findMembersByEmails, findMembersByIds, insertMemberships } from '../../db/repositories/members.ts';
import { insertNotifications } from '../../db/repositories/notifications.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { subscribersOf } from '../../db/repositories/webhooks.ts';
import { appendActivities, type NewActivity } from '../activity/append-activity.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { accountMailLanguage, type Language } from '../auth/language.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { checkSteps } from '../epaks/build-workflow.ts';
import { actionRequestNotice, newEasySignLink } from '../epaks/carry-out-effects.ts';
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
import { actionRequestEmail } from '../notifications/epak-emails.ts';
import { requireProvidersFor, signingPoliciesOf } from '../signing/providers/resolve-provider.ts';
import {
  fromTemplates,
  type LoadedTemplates,
  loadTemplates,
  toEpakTag,
} from '../templates/apply-templates.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { displayName } from '../users/present-user.ts';
import { queueWebhookEvents, webhookEventsOf } from '../webhooks/webhook-events.ts';
import { type ComposedRow, checkRow, fieldValueFor, type HeaderMap, layoutOrder } from './layout.ts';

/**
 * Bulk compose's fast path: a batch of rows becomes its ePaks in one transaction with each table
 * written in one statement (ePaks, steps, recipients, documents, tags, mails, notifications, the
 * activity chain taken once) — what `createEpakIn` + filling + `startEpak` write for one row, built
 * from the same pieces (templates, steps, recipient rules, tag placement, the workflow machine,
 * the mail). A row those pieces refuse fails alone with their code; a row whose start would do
 * more than ask its first step to act is left to the one-row path (`alone`).
 */

export interface RunPlan {
  actor: TenantActor;
  run: BulkComposeRunRow;
  layout: BulkComposeLayout;
  header: HeaderMap;
  templates: LoadedTemplates;
  /** Each template document's current content, which every copy points to. */
  versions: Map<string, { blobHash: string; size: number }>;
  /** The owner as the request mails name them. */
  from: string;
  /** The uploader's language, for the mails of people without a profile language. */
  language: Language;
}

/** What one row became. */
export type BatchOutcome =
  | { rowNumber: number; state: 'sent'; epakId: string }
  | { rowNumber: number; state: 'failed'; code: number; message: string }
  | { rowNumber: number; state: 'alone' };

/** What compose takes from a checked row (the same for both paths). */
export function rowInput(
  run: Pick<BulkComposeRunRow, 'documentTemplateId'> & Partial<Pick<BulkComposeRunRow, 'stampPaper'>>,
  row: ComposedRow,
): CreateEpak {
  const input = CreateEpakSchema.safeParse({
    documentTemplateId: run.documentTemplateId,
    ...(run.stampPaper ? { stampPaper: run.stampPaper } : {}),
    subject: row.subject,
    roleRecipients: row.roleRecipients,
    tags: row.tags,
  });
  if (!input.success)
    throw new AppError(Code.CSV_VALIDATION, input.error.issues[0]?.message ?? 'The row cannot be composed');
  return input.data;
}

/** Reads what every row of a run shares, once: its templates, their content and the owner's name. */
export async function planRun(tx: Executor, actor: TenantActor, run: BulkComposeRunRow): Promise<RunPlan> {
  const layout = run.layout as BulkComposeLayout;
  const templates = await loadTemplates(tx, actor, {
    documentTemplateId: run.documentTemplateId,
    steps: [],
  });
  const versions = new Map<string, { blobHash: string; size: number }>();
  for (const d of templates.documentTemplate?.docs ?? []) {
    const version = await currentVersion(tx, d.id);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING, `${d.name} has no content`);
    versions.set(d.id, { blobHash: version.blobHash, size: version.size });
  }
  const [owner] = await findMembersByIds(tx, [actor.userId]);
  return {
    actor,
    run,
    layout,
    header: layoutOrder(layout),
    templates,
    versions,
    from: owner ? displayName(owner.user) : 'Signet',
    language: (actor.language ?? 'en') as Language,
  };
}

type Insert<K extends keyof Parameters<typeof insertEpaks>[1]> = Parameters<typeof insertEpaks>[1][K][number];
type UserInsert = Parameters<typeof insertUsers>[1][number];
type MembershipInsert = Parameters<typeof insertMemberships>[1][number];

/** Someone a row names who is not a member yet: the batch adds them once. */
interface Joining {
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
interface Built {
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
const YIELD_EVERY = 10;

/** The starting effects the batch carries out itself; any other sends the row the one-row way. */
const BATCHED_EFFECTS: readonly WorkflowEffect['type'][] = ['statusChanged', 'actionRequested'];

interface BatchContext {
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
async function buildRow(
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

/**
 * Sends a batch of locked, pending rows in the caller's transaction and answers each row's
 * outcome (the caller marks them in the same transaction). A refusal fails its row only; a
 * database error throws, rolling the whole batch back (the caller then sends its rows one by one).
 */
export async function composeBatch(
  tx: Executor,
  plan: RunPlan,
  rows: readonly { rowNumber: number; cells: readonly string[] }[],
  deps: Deps,
): Promise<BatchOutcome[]> {
  const now = deps.clock.now();
  const tenantId = plan.actor.tenantId;
  const outcomes: BatchOutcome[] = [];
  const checked: { rowNumber: number; row: ComposedRow; input: CreateEpak }[] = [];
  for (const r of rows) {
    const check = checkRow(plan.layout, plan.header, r.cells);
    if (!check.ok) {
      outcomes.push({ rowNumber: r.rowNumber, state: 'failed', code: check.code, message: check.message });
      continue;
    }
    try {
      checked.push({ rowNumber: r.rowNumber, row: check.row, input: rowInput(plan.run, check.row) });
    } catch (error) {
      outcomes.push(refusal(r.rowNumber, error));
    }
  }
  const emails = [...new Set(checked.flatMap((c) => c.row.roleRecipients.map((p) => p.email.toLowerCase())))];
  const members = new Map((await findMembersByEmails(tx, emails)).map((m) => [m.user.email, m]));
  const ctx: BatchContext = {
    plan,
    now,
    settings: readTenantSettings((await findTenant(tx, tenantId))?.settings),
    members,
    accounts: await findAccountsForRecipients(
      tx,
      emails.filter((e) => !members.has(e)),
    ),
    joined: new Map(),
    deps,
  };
  const built: Built[] = [];
  for (const [i, c] of checked.entries()) {
    // A batch is built in tens of milliseconds of JavaScript: requests to this process (the
    // inbox lists of everyone else) get their turn every few rows instead of waiting for it.
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    try {
      const result = await buildRow(tx, ctx, c.rowNumber, c.row, c.input);
      if (result === 'alone') {
        outcomes.push({ rowNumber: c.rowNumber, state: 'alone' });
        continue;
      }
      for (const [email, person] of result.joining) ctx.joined.set(email, person);
      built.push(result);
      outcomes.push({ rowNumber: c.rowNumber, state: 'sent', epakId: result.epak.id as string });
    } catch (error) {
      outcomes.push(refusal(c.rowNumber, error));
    }
  }
  await writeBatch(tx, ctx, built);
  return outcomes;
}

function refusal(rowNumber: number, error: unknown): BatchOutcome {
  if (!(error instanceof AppError)) throw error;
  return { rowNumber, state: 'failed', code: error.code, message: error.message };
}

/** Every built ePak's rows, each table in one statement; the activity chain last (its lock). */
async function writeBatch(tx: Executor, ctx: BatchContext, built: readonly Built[]): Promise<void> {
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
