import { type BulkComposeLayout, Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { visibleDocumentTemplate } from '../templates/document-templates.ts';
import { visibleWorkflowTemplate } from '../templates/workflow-templates.ts';
import { bulkComposeLayout } from './layout.ts';

/** The CSV layout of a document template the actor may compose from; -6 when it has no workflow. */
export async function templateLayout(
  tx: Executor,
  actor: TenantActor,
  docTemplateId: string,
): Promise<BulkComposeLayout> {
  const { row } = await visibleDocumentTemplate(tx, actor, docTemplateId);
  if (!row.workflowTemplateId)
    throw new AppError(
      Code.INVALID_INPUT,
      'Pair the document template with a workflow before bulk composing',
    );
  const workflow = await visibleWorkflowTemplate(tx, actor, row.workflowTemplateId);
  return bulkComposeLayout({ id: row.id, name: row.name, tags: row.tags }, workflow.steps);
}
