import {
  CreateDocumentTemplateSchema,
  CreateEpakSchema,
  CreateGroupSchema,
  type TagInput,
  TagInputSchema,
  WorkflowTemplateInputSchema,
} from '@signet/contracts';
import type { Mailer } from '../adapters/mail/mailer.ts';
import { findUserByEmail } from '../db/repositories/accounts.ts';
import { tenantKeysOf } from '../db/repositories/keys.ts';
import { ensureInstanceSetting, findTenantByName, setInstanceSetting } from '../db/repositories/tenants.ts';
import type { TenantActor } from '../domain/actor.ts';
import type { Deps, RequestOrigin } from '../domain/deps.ts';
import { uploadDocuments } from '../domain/documents/upload-document.ts';
import { createEpak } from '../domain/epaks/create-epak.ts';
import { documentAction } from '../domain/epaks/document-action.ts';
import { toggleStar } from '../domain/epaks/list-epaks.ts';
import { archiveEpak, deleteEpaks, updateEpakStatus } from '../domain/epaks/owner-actions.ts';
import { getReasons } from '../domain/epaks/reasons.ts';
import { delegateEpak, rejectEpak } from '../domain/epaks/recipient-actions.ts';
import { signDocument } from '../domain/epaks/sign-document.ts';
import { placeSignatureBlocks } from '../domain/epaks/signature-blocks.ts';
import { startEpak } from '../domain/epaks/start-epak.ts';
import { createGroup } from '../domain/groups/manage-groups.ts';
import { expireDueEpaks, sealCompletedEpaks } from '../domain/jobs/scheduled-work.ts';
import { createTemplate } from '../domain/templates/document-templates.ts';
import { createWorkflow } from '../domain/templates/workflow-templates.ts';
import { DemoClock } from './demo-clock.ts';
import { demoAgreement, demoSignaturePng } from './demo-documents.ts';
import { DEMO_PEOPLE, type DemoAct, type DemoPerson, type DemoPlan } from './demo-plan-types.ts';
import { DEMO_PLANS } from './demo-plans.ts';
import { DEMO_USERS } from './seed-demo.ts';

/** The instance setting that says the history was made (or is being made) once. */
export const DEMO_HISTORY_SETTING = 'demoHistory';

interface HistoryMarker {
  state: 'running' | 'done';
  run: string;
  epaks?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORIGIN: RequestOrigin = { ip: null, userAgent: 'Signet demo history', language: 'en' };

/**
 * The history's mail is not sent: it belongs to weeks that are over, and its addresses are the
 * demo's. Everything else (links, notifications, activity, webhooks) happens as in real work.
 */
function pastMailer(mailer: Mailer): Mailer {
  return { ...mailer, queue: async () => {}, kick: () => {} };
}

export interface DemoHistoryResult {
  epaks: number;
  ms: number;
}

/**
 * Gives the demo tenant a believable past (issue 18): the plans of `demo-plans.ts` played through
 * the same use cases as real work, each at its own moment of the last seven weeks, by the demo
 * people themselves — so every signature is a real one and every statistic has weeks of data.
 * Runs once per installation: the first process to claim the marker makes it; later starts (and
 * a start after an interrupted run, which is logged) add nothing. Returns null when not run.
 */
export async function seedDemoHistory(
  deps: Deps,
  opts: { onStart?: () => void; onProgress?: (done: number, total: number) => void } = {},
): Promise<DemoHistoryResult | null> {
  const started = Date.now();
  const run = crypto.randomUUID();
  const claimed = await ensureInstanceSetting<HistoryMarker>(deps.db.system, DEMO_HISTORY_SETTING, {
    state: 'running',
    run,
  });
  if (claimed.run !== run) {
    if (claimed.state === 'running')
      deps.log.warn('the demo history was interrupted on an earlier start; it is not made again');
    return null;
  }
  opts.onStart?.();
  const end = deps.clock.now();
  const people = await demoActors(deps);
  const clock = new DemoClock(await historyStart(deps, people.admin.tenantId, end));
  const past: Deps = { ...deps, clock, mailer: pastMailer(deps.mailer) };
  const history = new DemoHistory(past, clock, people);
  await history.setUp();
  const events = DEMO_PLANS.flatMap((plan, i) => history.eventsOf(plan, i, end));
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  let composed = 0;
  for (const event of events) {
    clock.moveTo(new Date(event.at));
    await event.run();
    if (event.composes) opts.onProgress?.(++composed, DEMO_PLANS.length);
  }
  // The seal owed at each completion ran as it completed; this catches one left to retry.
  await sealCompletedEpaks(past);
  await setInstanceSetting<HistoryMarker>(deps.db.system, DEMO_HISTORY_SETTING, {
    state: 'done',
    run,
    epaks: DEMO_PLANS.length,
  });
  return { epaks: DEMO_PLANS.length, ms: Date.now() - started };
}

/**
 * Seven weeks before `end` — or, when the demo tenant signed before (its keys exist), just after
 * its keys were made: a signature may not predate its certificate. Earlier moments of the plans
 * then happen at that start, in their order.
 */
async function historyStart(deps: Deps, tenantId: string, end: Date): Promise<Date> {
  const start = end.getTime() - 50 * DAY;
  const keys = await deps.db.withTenant(tenantId, (tx) => tenantKeysOf(tx, tenantId));
  const made = keys.get('seal')?.createdAt.getTime();
  return new Date(made === undefined ? start : Math.max(start, made + 60_000));
}

async function demoActors(deps: Deps): Promise<Record<DemoPerson, TenantActor & { seed: number }>> {
  const tenant = await findTenantByName(deps.db.system, 'Demo');
  if (!tenant) throw new Error('the demo tenant does not exist');
  const entries = await Promise.all(
    (Object.entries(DEMO_PEOPLE) as [DemoPerson, string][]).map(async ([key, email], seed) => {
      const user = await findUserByEmail(deps.db.system, email);
      const role = DEMO_USERS.find((u) => u.email === email)?.role;
      if (!user || !role || role === 'super_admin') throw new Error(`the demo user ${email} does not exist`);
      const actor = {
        userId: user.id,
        tenantId: tenant.id,
        role,
        sessionId: 'demo-history',
        ip: null,
        language: 'en' as const,
        seed,
      };
      return [key, actor] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<DemoPerson, TenantActor & { seed: number }>;
}

interface TimedEvent {
  at: number;
  order: number;
  composes?: boolean;
  run: () => Promise<void>;
}

class DemoHistory {
  private order = 0;
  private rejectReason: number | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly clock: DemoClock,
    private readonly people: Record<DemoPerson, TenantActor & { seed: number }>,
  ) {}

  /** What the tenant had before its first ePak: groups, workflow and document templates. */
  async setUp(): Promise<void> {
    const { admin, custodian, submitter, signer1, signer2, registrar } = this.people;
    await createGroup(
      admin,
      CreateGroupSchema.parse({
        groupName: 'Legal',
        users: [custodian.userId, submitter.userId, signer1.userId],
        managers: [custodian.userId],
      }),
      this.deps,
    );
    await createGroup(
      admin,
      CreateGroupSchema.parse({
        groupName: 'Finance',
        users: [admin.userId, signer2.userId, registrar.userId],
        managers: [admin.userId],
      }),
      this.deps,
    );
    await createWorkflow(
      custodian,
      WorkflowTemplateInputSchema.parse({
        name: 'Review, then sign',
        description: 'A colleague reviews before the other party signs.',
        steps: [{ type: 'REVIEW' }, { type: 'SIGN' }],
      }),
      this.deps,
    );
    await createWorkflow(
      submitter,
      WorkflowTemplateInputSchema.parse({
        name: 'Two signatures in turn',
        steps: [{ type: 'SIGN' }, { type: 'SIGN' }],
      }),
      this.deps,
    );
    const [doc] = await this.upload(
      custodian,
      'Mutual NDA.pdf',
      'Mutual non-disclosure agreement',
      'The other party',
    );
    await createTemplate(
      custodian,
      CreateDocumentTemplateSchema.parse({
        templateName: 'Mutual NDA',
        type: 'Shared',
        documentIds: [doc],
      }),
      this.deps,
    );
    const reasons = await getReasons(signer1, this.deps);
    this.rejectReason = reasons.find((r) => r.kind === 'reject' && r.enabled)?.reasonId;
  }

  private upload(actor: TenantActor, fileName: string, title: string, party: string): Promise<string[]> {
    const bytes = demoAgreement(title, party);
    async function* files() {
      yield { fileName, bytes: async () => bytes };
    }
    return uploadDocuments(actor, files(), this.deps).then((docs) => docs.map((d) => d.documentId));
  }

  /** One plan as events at their moments: compose, send, then each act. */
  eventsOf(plan: DemoPlan, index: number, end: Date): TimedEvent[] {
    const endMs = end.getTime() - 10 * 60_000;
    const dayStart = Math.floor((end.getTime() - plan.day * DAY) / DAY) * DAY;
    // Office hours, a little apart from one another.
    let at = Math.min(dayStart + 8 * HOUR + (index % 8) * 40 * 60_000, endMs - 6 * HOUR);
    const state = { epakId: '', documentId: '' };
    const owner = this.people[plan.owner];
    const events: TimedEvent[] = [];
    const push = (when: number, run: () => Promise<void>, composes = false) =>
      events.push({ at: Math.min(when, endMs), order: this.order++, run, composes });

    push(
      at,
      async () => {
        Object.assign(state, await this.compose(plan, owner));
      },
      true,
    );
    let sentAt = at;
    if (!plan.draft) {
      at += HOUR / 2;
      sentAt = at;
      push(at, async () => {
        await startEpak(owner, state.epakId, this.deps);
      });
    }
    for (const act of plan.acts ?? []) {
      at =
        act.do === 'expire' ? sentAt + (plan.expiresInDays ?? 0) * DAY + HOUR : at + (act.after ?? 4) * HOUR;
      push(at, () => this.act(act, plan, state, owner));
    }
    return events;
  }

  private async compose(plan: DemoPlan, owner: TenantActor) {
    const fileName = `${plan.subject
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()}.pdf`;
    const [documentId = ''] = await this.upload(owner, fileName, plan.subject, plan.party);
    const now = this.clock.now().getTime();
    const created = await createEpak(
      owner,
      CreateEpakSchema.parse({
        documentIds: [documentId],
        subject: plan.subject,
        message: plan.message ?? '',
        steps: plan.steps.map((s) => ({
          type: s.type,
          recipients: s.who.map((p) => recipientOf(p)),
        })),
        expiresOn: plan.expiresInDays
          ? new Date(now + HOUR / 2 + plan.expiresInDays * DAY).toISOString()
          : null,
      }),
      this.deps,
    );
    const tags: TagInput[] = [];
    let row = 0;
    for (const [i, step] of plan.steps.entries()) {
      if (step.type !== 'SIGN' && step.type !== 'INPERSONSIGN') continue;
      for (const [j, person] of step.who.entries()) {
        const slot = row + j;
        tags.push(
          TagInputSchema.parse({
            key: 'signature',
            type: 'signature',
            userEmail: DEMO_PEOPLE[person],
            wfsOrderId: i + 1,
            pageNumber: 1,
            positionX: 60 + (slot % 2) * 260,
            positionY: 600 + Math.floor(slot / 2) * 70,
            blockWidth: 160,
            blockHeight: 50,
          }),
        );
      }
      row += step.who.length + (step.who.length % 2);
    }
    if (tags.length > 0) await placeSignatureBlocks(owner, created.ePakId, documentId, tags, this.deps);
    return { epakId: created.ePakId, documentId };
  }

  private async act(
    act: DemoAct,
    plan: DemoPlan,
    state: { epakId: string; documentId: string },
    owner: TenantActor,
  ): Promise<void> {
    const { epakId, documentId } = state;
    switch (act.do) {
      case 'review':
        await documentAction(
          this.people[act.who],
          epakId,
          documentId,
          'reviewed',
          ORIGIN,
          this.deps,
          act.comment,
        );
        return;
      case 'sign': {
        const who = this.people[act.who];
        await signDocument(
          who,
          epakId,
          documentId,
          {
            tags: [],
            signatureImage: demoSignaturePng(who.seed),
            ...(act.comment ? { comment: act.comment } : {}),
          },
          ORIGIN,
          this.deps,
        );
        // The seal job's work at completion, at the moment of completion.
        await sealCompletedEpaks(this.deps);
        return;
      }
      case 'reject':
        await rejectEpak(
          this.people[act.who],
          epakId,
          { reasonId: this.rejectReason, comment: act.comment },
          ORIGIN,
          this.deps,
        );
        return;
      case 'delegate': {
        const to = DEMO_USERS.find((u) => u.email === DEMO_PEOPLE[act.to]);
        await delegateEpak(
          this.people[act.who],
          epakId,
          {
            email: DEMO_PEOPLE[act.to],
            firstName: to?.firstName ?? '',
            lastName: to?.lastName ?? '',
            comment: act.comment,
          },
          this.deps,
        );
        return;
      }
      case 'star':
        await toggleStar(this.people[act.who], epakId, this.deps);
        return;
      case 'stop':
        await updateEpakStatus(owner, epakId, 'Stopped', this.deps);
        return;
      case 'archive':
        await archiveEpak(owner, epakId, this.deps);
        return;
      case 'delete':
        await deleteEpaks(owner, [epakId], this.deps);
        return;
      case 'expire':
        await expireDueEpaks(this.deps);
        return;
      default:
        throw new Error(`unknown demo act in ${plan.subject}`);
    }
  }
}

function recipientOf(person: DemoPerson) {
  const user = DEMO_USERS.find((u) => u.email === DEMO_PEOPLE[person]);
  return { email: DEMO_PEOPLE[person], firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' };
}

/**
 * The history at first start, its progress and duration in the log (it signs for a while). A
 * failure is logged, not thrown: the demo still starts, with fewer ePaks.
 */
export async function playDemoHistory(deps: Deps): Promise<void> {
  try {
    const result = await seedDemoHistory(deps, {
      onStart: () => deps.log.info('demo history: making the demo tenant’s past weeks of ePaks'),
      onProgress: (done, total) => {
        if (done % 10 === 0 || done === total) deps.log.info(`demo history: ${done}/${total} ePaks`);
      },
    });
    if (result)
      deps.log.info(`demo history: ${result.epaks} ePaks made in ${(result.ms / 1000).toFixed(1)} s`);
  } catch (error) {
    deps.log.error({ err: error }, 'demo history: making it failed; the demo starts without the rest');
  }
}
