import {
  Code,
  type CreateEpak,
  Limits,
  type RecipientInput,
  type StepInput,
  type TagInput,
  type TemplateStep,
  type TemplateTag,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  currentVersion,
  type DocumentRow,
  insertDocument,
  insertVersion,
} from '../../db/repositories/epaks.ts';
import { membersOf } from '../../db/repositories/groups.ts';
import type { DocumentTemplateRow } from '../../db/repositories/templates.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { loadEpak } from '../epaks/load-epak.ts';
import { replaceTags } from '../epaks/signature-blocks.ts';
import { visibleDocumentTemplate } from './document-templates.ts';
import { materialiseSteps, templateGroupIds } from './template-steps.ts';
import { visibleWorkflowTemplate } from './workflow-templates.ts';

export interface ComposeFromTemplates {
  steps: StepInput[];
  /** The email in each recipient slot the template's tags may name, by step and position. */
  slots: (string | null)[][];
  /** The workflow template's reminders and expiry, which apply where compose sets none. */
  reminderIntervalDays: number;
  reminderMax: number;
  expiresOn: Date | null;
  signingPolicy: CreateEpak['signingPolicy'];
  workflowName: string;
  workflowTemplateId: string | null;
  subject: string | undefined;
  documentTemplate: { row: DocumentTemplateRow; docs: DocumentRow[] } | null;
}

const DAY_MS = 86_400_000;

/** The members of the groups the steps name, as recipients. */
export async function groupMembers(
  tx: Executor,
  steps: readonly TemplateStep[],
): Promise<Map<string, RecipientInput[]>> {
  const out = new Map<string, RecipientInput[]>();
  for (const m of await membersOf(tx, templateGroupIds(steps))) {
    const list = out.get(m.groupId) ?? [];
    list.push({
      email: m.user.email,
      firstName: m.user.firstName,
      middleName: m.user.middleName,
      lastName: m.user.lastName,
    });
    out.set(m.groupId, list);
  }
  return out;
}

/** The templates an ePak is composed from, read once (bulk compose reads them once per run). */
export interface LoadedTemplates {
  documentTemplate: { row: DocumentTemplateRow; docs: DocumentRow[] } | null;
  workflow: Awaited<ReturnType<typeof visibleWorkflowTemplate>> | null;
  groups: Map<string, RecipientInput[]>;
}

/** Reads the document and workflow templates `input` names, as the actor may see them. */
export async function loadTemplates(
  tx: Executor,
  actor: TenantActor,
  input: Pick<CreateEpak, 'documentTemplateId' | 'workflowTemplateId' | 'steps'>,
): Promise<LoadedTemplates> {
  const documentTemplate = input.documentTemplateId
    ? await visibleDocumentTemplate(tx, actor, input.documentTemplateId)
    : null;
  const workflowId = input.workflowTemplateId ?? documentTemplate?.row.workflowTemplateId ?? null;
  const workflow = workflowId ? await visibleWorkflowTemplate(tx, actor, workflowId) : null;
  const groups = input.steps.length === 0 && workflow ? await groupMembers(tx, workflow.steps) : new Map();
  return { documentTemplate, workflow, groups };
}

/**
 * What compose takes from the chosen templates. Steps the composer gave win; otherwise the
 * workflow template's (or the document template's own workflow) are used, with its policy.
 */
export function fromTemplates(
  templates: LoadedTemplates,
  input: CreateEpak,
  now: Date,
): ComposeFromTemplates {
  const { documentTemplate, workflow } = templates;
  const useTemplateSteps = input.steps.length === 0 && workflow !== null;
  const { steps, slots } = useTemplateSteps
    ? materialiseSteps(workflow.steps, input.roleRecipients, templates.groups)
    : { steps: input.steps, slots: input.steps.map((s) => s.recipients.map((r) => r.email.toLowerCase())) };
  const expiresOn =
    input.expiresOn !== undefined
      ? input.expiresOn
        ? new Date(input.expiresOn)
        : null
      : workflow?.expiryDays
        ? new Date(now.getTime() + workflow.expiryDays * DAY_MS)
        : null;
  return {
    steps,
    slots,
    reminderIntervalDays:
      input.reminderIntervalDays ?? workflow?.reminderIntervalDays ?? Limits.REMINDER_INTERVAL_DAYS,
    reminderMax: input.reminderMax ?? workflow?.reminderMax ?? Limits.REMINDER_MAX,
    expiresOn,
    signingPolicy: useTemplateSteps
      ? (workflow.signingPolicy as CreateEpak['signingPolicy'])
      : input.documentTemplateId && documentTemplate
        ? (documentTemplate.row.signingPolicy as CreateEpak['signingPolicy'])
        : input.signingPolicy,
    workflowName: input.workflowName || workflow?.name || '',
    workflowTemplateId: workflow?.id ?? null,
    subject: input.subject ?? documentTemplate?.row.name,
    documentTemplate,
  };
}

/** `loadTemplates` then `fromTemplates`: what one compose takes from its templates. */
export async function resolveTemplates(
  tx: Executor,
  actor: TenantActor,
  input: CreateEpak,
  now: Date,
): Promise<ComposeFromTemplates> {
  return fromTemplates(await loadTemplates(tx, actor, input), input, now);
}

/**
 * The template's documents, copied into the ePak after the composer's own. A copy points to the
 * same blob (content-addressed), so nothing is written but rows.
 */
export async function copyTemplateDocuments(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  docs: readonly DocumentRow[],
  firstPosition: number,
): Promise<string[]> {
  const copies: string[] = [];
  for (const [i, d] of docs.entries()) {
    const version = await currentVersion(tx, d.id);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING, `${d.name} has no content`);
    const id = await insertDocument(tx, {
      tenantId: actor.tenantId,
      ownerId: actor.userId,
      epakId,
      position: firstPosition + i,
      name: d.name,
      originalName: d.originalName,
      status: 'Active',
      kind: d.kind,
      pageCount: d.pageCount,
      pages: d.pages,
      formFields: d.formFields,
    });
    await insertVersion(tx, {
      tenantId: actor.tenantId,
      documentId: id,
      version: 1,
      blobHash: version.blobHash,
      size: version.size,
      kind: 'template',
      createdBy: actor.userId,
    });
    copies.push(id);
  }
  return copies;
}

/** A template tag as an ePak tag: its recipient by slot becomes that recipient's email. */
export function toEpakTag(tag: TemplateTag, slots: readonly (string | null)[][]): TagInput {
  const { documentPosition: _position, signerIndex, uuid: _uuid, ...rest } = tag;
  if (rest.userEmail || signerIndex === undefined || rest.wfsOrderId === undefined) return rest;
  const email = slots[rest.wfsOrderId - 1]?.[signerIndex];
  if (!email)
    throw new AppError(
      Code.INVALID_INPUT,
      `The template has tags for recipient ${signerIndex + 1} of step ${rest.wfsOrderId}; add that recipient`,
    );
  return { ...rest, userEmail: email };
}

/** Places the template's tags on the copied documents, under the ePak's placement rules. */
export async function placeTemplateTags(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  tags: readonly TemplateTag[],
  copies: readonly string[],
  slots: readonly (string | null)[][],
): Promise<void> {
  if (tags.length === 0) return;
  const loaded = await loadEpak(tx, actor, epakId);
  for (const [position, documentId] of copies.entries()) {
    const own = tags.filter((t) => t.documentPosition === position).map((t) => toEpakTag(t, slots));
    if (own.length > 0) await replaceTags(tx, actor.tenantId, loaded, documentId, own, actor.userId);
  }
}
