import {
  Code,
  type CreateDocumentTemplate,
  type DocumentTemplate,
  type EditDocumentTemplate,
  type TemplateTag,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { type DocumentRow, findDocuments, updateDocument } from '../../db/repositories/epaks.ts';
import {
  type DocumentTemplateRow,
  deleteDocumentTemplate,
  documentsOfTemplates,
  findDocumentTemplate,
  insertDocumentTemplate,
  listDocumentTemplates,
  updateDocumentTemplate,
} from '../../db/repositories/templates.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { uploadDocuments } from '../documents/upload-document.ts';
import { checkPlacement, type StoredPage } from '../epaks/signature-blocks.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireNoWebformUsing } from '../webforms/webform-links.ts';
import { requireTemplateOwner, templateMissing } from './template-access.ts';
import { visibleWorkflowTemplate } from './workflow-templates.ts';

export function presentDocumentTemplate(
  row: DocumentTemplateRow,
  docs: readonly DocumentRow[],
): DocumentTemplate {
  return {
    id: row.id,
    docTemplateId: row.id,
    templateName: row.name,
    signingPolicy: row.signingPolicy as DocumentTemplate['signingPolicy'],
    type: row.type as DocumentTemplate['type'],
    ownerId: row.ownerId,
    workflowTemplateId: row.workflowTemplateId,
    documents: docs
      .filter((d) => d.templateId === row.id)
      .map((d) => ({
        documentId: d.id,
        name: d.name,
        pageCount: d.pageCount,
        pages: d.pages as DocumentTemplate['documents'][number]['pages'],
      })),
    tags: row.tags,
    createdOn: row.createdAt.toISOString(),
  };
}

/** A document template the actor may use (their own or a shared one); missing otherwise. */
export async function visibleDocumentTemplate(
  tx: Executor,
  actor: TenantActor,
  id: string,
): Promise<{ row: DocumentTemplateRow; docs: DocumentRow[] }> {
  const row = await findDocumentTemplate(tx, id);
  if (!row || (row.type !== 'Shared' && row.ownerId !== actor.userId))
    throw templateMissing('document template');
  return { row, docs: await documentsOfTemplates(tx, [id]) };
}

/**
 * A template's tags must fit its documents under the same placement rules as an ePak's, and
 * name a step of its workflow when it has one.
 */
async function checkTemplateTags(
  tx: Executor,
  actor: TenantActor,
  tags: readonly TemplateTag[],
  docs: readonly DocumentRow[],
  workflowTemplateId: string | null,
): Promise<void> {
  const steps = workflowTemplateId
    ? (await visibleWorkflowTemplate(tx, actor, workflowTemplateId)).steps
    : null;
  for (const tag of tags) {
    if (!docs[tag.documentPosition])
      throw new AppError(Code.INVALID_INPUT, `The template has no document ${tag.documentPosition + 1}`);
    if (tag.userEmail === undefined && tag.signerIndex !== undefined && tag.wfsOrderId === undefined)
      throw new AppError(Code.INVALID_INPUT, 'A tag for a recipient by position needs its step (wfsOrderId)');
    if (steps && tag.wfsOrderId !== undefined && !steps[tag.wfsOrderId - 1])
      throw new AppError(Code.INVALID_INPUT, `The workflow has no step ${tag.wfsOrderId}`);
    // A group becomes several people at compose: a tag cannot name one of them.
    const slot =
      steps && tag.wfsOrderId !== undefined && tag.signerIndex !== undefined
        ? steps[tag.wfsOrderId - 1]?.recipients[tag.signerIndex]
        : undefined;
    if (slot?.kind === 'group')
      throw new AppError(
        Code.INVALID_INPUT,
        'Tags belong to a person or a role of the workflow, not a group',
      );
  }
  for (const [position, doc] of docs.entries())
    checkPlacement(
      tags.filter((t) => t.documentPosition === position),
      doc.pages as StoredPage[],
    );
}

export async function listTemplates(
  actor: Actor,
  type: 'Owner' | 'Shared' | 'All',
  deps: Deps,
): Promise<{ docTemplateDTOList: { docTemplateDTO: DocumentTemplate[] } }> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const rows = await listDocumentTemplates(tx, actor.userId, type);
    const docs = await documentsOfTemplates(
      tx,
      rows.map((r) => r.id),
    );
    return { docTemplateDTOList: { docTemplateDTO: rows.map((r) => presentDocumentTemplate(r, docs)) } };
  });
}

export async function getTemplate(actor: Actor, id: string, deps: Deps): Promise<DocumentTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { row, docs } = await visibleDocumentTemplate(tx, actor, id);
    return presentDocumentTemplate(row, docs);
  });
}

/**
 * `POST /v1/documenttemplates`: documents of the creator's library become the template's own
 * (they leave the library; deleting them is refused with -82 while the template exists).
 */
export async function createTemplate(
  actor: Actor,
  input: CreateDocumentTemplate,
  deps: Deps,
): Promise<DocumentTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, (tx) => insertTemplate(tx, actor, input, deps));
}

/** Makes the template inside the caller’s transaction (shared by create and import). */
export async function insertTemplate(
  tx: Executor,
  actor: TenantActor,
  input: CreateDocumentTemplate,
  deps: Deps,
): Promise<DocumentTemplate> {
  const tenantId = actor.tenantId;
  const found = await findDocuments(tx, input.documentIds);
  const docs = input.documentIds.map((id) => {
    const d = found.find((x) => x.id === id);
    if (!d || d.deletedAt || d.ownerId !== actor.userId) throw new AppError(Code.DOCUMENT_MISSING);
    if (d.epakId || d.templateId) throw new AppError(Code.DOCUMENT_IN_USE, `${d.name} is already in use`);
    return d;
  });
  await checkTemplateTags(tx, actor, input.tags, docs, input.workflowTemplateId);
  const row = await insertDocumentTemplate(tx, {
    tenantId,
    name: input.templateName,
    ownerId: actor.userId,
    type: input.type,
    signingPolicy: input.signingPolicy,
    workflowTemplateId: input.workflowTemplateId,
    tags: input.tags,
  });
  for (const [position, d] of docs.entries())
    await updateDocument(tx, d.id, { templateId: row.id, position, status: 'Template' });
  await appendActivity(
    tx,
    {
      tenantId,
      actorUserId: actor.userId,
      action: 'template.created',
      details: { docTemplateId: row.id, name: row.name, documents: input.documentIds },
      ip: actor.ip,
    },
    deps.clock.now(),
  );
  return presentDocumentTemplate(row, await documentsOfTemplates(tx, [row.id]));
}

/** `POST /v1/documenttemplate/upload`: uploads go through ingest, then become one new template. */
export async function uploadTemplate(
  actor: Actor,
  files: AsyncIterable<{ fileName: string; bytes: () => Promise<Uint8Array> }>,
  fields: { templateName?: string | undefined; type?: 'Owner' | 'Shared' | undefined },
  deps: Deps,
): Promise<DocumentTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  const uploaded = await uploadDocuments(actor, files, deps);
  const first = uploaded[0];
  return createTemplate(
    actor,
    {
      templateName: fields.templateName?.trim() || (first?.name.replace(/\.[^.]+$/, '') ?? 'Template'),
      type: fields.type ?? 'Owner',
      signingPolicy: 'ESIGNATURE',
      workflowTemplateId: null,
      tags: [],
      documentIds: uploaded.map((d) => d.documentId),
    },
    deps,
  );
}

export async function updateTemplate(
  actor: Actor,
  id: string,
  input: EditDocumentTemplate,
  deps: Deps,
): Promise<DocumentTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const { row, docs } = await visibleDocumentTemplate(tx, actor, id);
    requireTemplateOwner(actor, row.ownerId, 'template');
    const next = {
      name: input.templateName ?? row.name,
      type: input.type ?? row.type,
      signingPolicy: input.signingPolicy ?? row.signingPolicy,
      workflowTemplateId:
        input.workflowTemplateId === undefined ? row.workflowTemplateId : input.workflowTemplateId,
      tags: input.tags ?? row.tags,
    };
    await checkTemplateTags(tx, actor, next.tags, docs, next.workflowTemplateId);
    await updateDocumentTemplate(tx, id, next);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'template.updated',
        details: { docTemplateId: id, name: next.name },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return presentDocumentTemplate({ ...row, ...next }, docs);
  });
}

/** `DELETE /v1/documenttemplates`: the templates and their documents (ePaks made from them keep copies). */
export async function deleteTemplates(
  actor: Actor,
  ids: readonly string[],
  deps: Deps,
): Promise<{ deleted: string[] }> {
  authorizeInTenant(actor, 'templates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    for (const id of ids) {
      const { row, docs } = await visibleDocumentTemplate(tx, actor, id);
      requireTemplateOwner(actor, row.ownerId, 'template');
      await requireNoWebformUsing(tx, { documentTemplateIds: [id] });
      for (const d of docs) await updateDocument(tx, d.id, { deletedAt: deps.clock.now() });
      await deleteDocumentTemplate(tx, id);
      await appendActivity(
        tx,
        {
          tenantId,
          actorUserId: actor.userId,
          action: 'template.deleted',
          details: { docTemplateId: id, name: row.name },
          ip: actor.ip,
        },
        deps.clock.now(),
      );
    }
    return { deleted: [...ids] };
  });
}
