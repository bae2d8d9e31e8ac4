import { Code, type WorkflowTemplate, type WorkflowTemplateInput } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  deleteWorkflowTemplate,
  findWorkflowTemplate,
  findWorkflowTemplateByName,
  insertWorkflowTemplate,
  listWorkflowTemplates,
  updateWorkflowTemplate,
  type WorkflowTemplateRow,
} from '../../db/repositories/templates.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireNoWebformUsing } from '../webforms/webform-links.ts';
import { requireTemplateOwner, templateMissing } from './template-access.ts';

export function presentWorkflowTemplate(row: WorkflowTemplateRow): WorkflowTemplate {
  return {
    workflowId: row.id,
    name: row.name,
    description: row.description,
    signingPolicy: row.signingPolicy as WorkflowTemplate['signingPolicy'],
    shared: row.shared,
    steps: row.steps,
    ownerId: row.ownerId,
    createdOn: row.createdAt.toISOString(),
  };
}

/** A workflow template the actor may use (their own or a shared one); missing otherwise. */
export async function visibleWorkflowTemplate(
  tx: Executor,
  actor: TenantActor,
  id: string,
): Promise<WorkflowTemplateRow> {
  const row = await findWorkflowTemplate(tx, id);
  if (!row || (!row.shared && row.ownerId !== actor.userId)) throw templateMissing('workflow');
  return row;
}

/** -63 when another template of the tenant already has this name (names ignore case). */
async function requireFreeName(tx: Executor, name: string, exceptId?: string): Promise<void> {
  const clash = await findWorkflowTemplateByName(tx, name);
  if (clash && clash.id !== exceptId) throw new AppError(Code.WORKFLOW_TEMPLATE_EXISTS);
}

function checkSteps(input: WorkflowTemplateInput): void {
  for (const [i, step] of input.steps.entries()) {
    const emails = step.recipients.map((r) => r.email.toLowerCase());
    const twice = emails.find((e, j) => emails.indexOf(e) !== j);
    if (twice) throw new AppError(Code.INVALID_INPUT, `${twice} is twice in step ${i + 1}`);
  }
}

export async function listWorkflows(actor: Actor, deps: Deps): Promise<WorkflowTemplate[]> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) =>
    (await listWorkflowTemplates(tx, actor.userId)).map(presentWorkflowTemplate),
  );
}

export async function getWorkflow(actor: Actor, id: string, deps: Deps): Promise<WorkflowTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) =>
    presentWorkflowTemplate(await visibleWorkflowTemplate(tx, actor, id)),
  );
}

export async function createWorkflow(
  actor: Actor,
  input: WorkflowTemplateInput,
  deps: Deps,
): Promise<WorkflowTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  checkSteps(input);
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireFreeName(tx, input.name);
    const row = await insertWorkflowTemplate(tx, { tenantId, ownerId: actor.userId, ...input });
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'workflow.created',
        details: { workflowId: row.id, name: row.name },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return presentWorkflowTemplate(row);
  });
}

export async function updateWorkflow(
  actor: Actor,
  id: string,
  input: WorkflowTemplateInput,
  deps: Deps,
): Promise<WorkflowTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  checkSteps(input);
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await visibleWorkflowTemplate(tx, actor, id);
    requireTemplateOwner(actor, row.ownerId, 'workflow');
    await requireFreeName(tx, input.name, id);
    await updateWorkflowTemplate(tx, id, input);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'workflow.updated',
        details: { workflowId: id, name: input.name },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return presentWorkflowTemplate({ ...row, ...input });
  });
}

export async function deleteWorkflow(actor: Actor, id: string, deps: Deps): Promise<{ deleted: boolean }> {
  authorizeInTenant(actor, 'templates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await visibleWorkflowTemplate(tx, actor, id);
    requireTemplateOwner(actor, row.ownerId, 'workflow');
    await requireNoWebformUsing(tx, { workflowTemplateIds: [id] });
    // ePaks started from it keep their own copy of the steps, so nothing else has to change.
    await deleteWorkflowTemplate(tx, id);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'workflow.deleted',
        details: { workflowId: id, name: row.name },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return { deleted: true };
  });
}
