import { Code, type CreateEpak, type StepInput, type TagInput, type TemplateTag } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  currentVersion,
  type DocumentRow,
  insertDocument,
  insertVersion,
} from '../../db/repositories/epaks.ts';
import type { DocumentTemplateRow } from '../../db/repositories/templates.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { loadEpak } from '../epaks/load-epak.ts';
import { replaceTags } from '../epaks/signature-blocks.ts';
import { visibleDocumentTemplate } from './document-templates.ts';
import { visibleWorkflowTemplate } from './workflow-templates.ts';

export interface ComposeFromTemplates {
  steps: StepInput[];
  signingPolicy: CreateEpak['signingPolicy'];
  workflowName: string;
  workflowTemplateId: string | null;
  subject: string | undefined;
  documentTemplate: { row: DocumentTemplateRow; docs: DocumentRow[] } | null;
}

/**
 * What compose takes from the chosen templates. Steps the composer gave win; otherwise the
 * workflow template's (or the document template's own workflow) are used, with its policy.
 */
export async function resolveTemplates(
  tx: Executor,
  actor: TenantActor,
  input: CreateEpak,
): Promise<ComposeFromTemplates> {
  const documentTemplate = input.documentTemplateId
    ? await visibleDocumentTemplate(tx, actor, input.documentTemplateId)
    : null;
  const workflowId = input.workflowTemplateId ?? documentTemplate?.row.workflowTemplateId ?? null;
  const workflow = workflowId ? await visibleWorkflowTemplate(tx, actor, workflowId) : null;
  const useTemplateSteps = input.steps.length === 0 && workflow !== null;
  return {
    steps: useTemplateSteps ? workflow.steps : input.steps,
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

/** A template tag as an ePak tag: its recipient by position becomes that recipient's email. */
function toEpakTag(tag: TemplateTag, steps: readonly StepInput[]): TagInput {
  const { documentPosition: _position, signerIndex, uuid: _uuid, ...rest } = tag;
  if (rest.userEmail || signerIndex === undefined || rest.wfsOrderId === undefined) return rest;
  const email = steps[rest.wfsOrderId - 1]?.recipients[signerIndex]?.email;
  if (!email)
    throw new AppError(
      Code.INVALID_INPUT,
      `The template has tags for recipient ${signerIndex + 1} of step ${rest.wfsOrderId}; add that recipient`,
    );
  return { ...rest, userEmail: email.toLowerCase() };
}

/** Places the template's tags on the copied documents, under the ePak's placement rules. */
export async function placeTemplateTags(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  tags: readonly TemplateTag[],
  copies: readonly string[],
  steps: readonly StepInput[],
): Promise<void> {
  if (tags.length === 0) return;
  const loaded = await loadEpak(tx, actor, epakId);
  for (const [position, documentId] of copies.entries()) {
    const own = tags.filter((t) => t.documentPosition === position).map((t) => toEpakTag(t, steps));
    if (own.length > 0) await replaceTags(tx, actor.tenantId, loaded, documentId, own, actor.userId);
  }
}
