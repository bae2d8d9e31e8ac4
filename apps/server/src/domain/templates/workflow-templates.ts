import { Code, type WorkflowTemplate, type WorkflowTemplateInput } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findGroup } from '../../db/repositories/groups.ts';
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
import { checkTemplateSteps, templateGroupIds } from './template-steps.ts';

export function presentWorkflowTemplate(row: WorkflowTemplateRow): WorkflowTemplate {
  return {
    workflowId: row.id,
    name: row.name,
    description: row.description,
    signingPolicy: row.signingPolicy as WorkflowTemplate['signingPolicy'],
    shared: row.shared,
    steps: row.steps,
    reminderIntervalDays: row.reminderIntervalDays,
    reminderMax: row.reminderMax,
    expiryDays: row.expiryDays,
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

/**
 * The steps as they are saved: no slot twice in a step, and every group one of the tenant's
 * (-6 otherwise), with its current name kept beside its id for showing.
 */
async function checkedSteps(tx: Executor, input: WorkflowTemplateInput): Promise<WorkflowTemplateInput> {
  checkTemplateSteps(input.steps);
  const names = new Map<string, string>();
  for (const id of templateGroupIds(input.steps)) {
    const group = await findGroup(tx, id);
    if (!group) throw new AppError(Code.INVALID_INPUT, 'A group of the workflow does not exist');
    names.set(id, group.name);
  }
  return {
    ...input,
    steps: input.steps.map((step) => ({
      ...step,
      recipients: step.recipients.map((r) =>
        r.kind === 'group' ? { ...r, groupName: names.get(r.groupId) ?? r.groupName } : r,
      ),
    })),
  };
}

/**
 * The first of `name`, `name (2)`, `name (3)` … that no workflow template of the tenant has
 * (names ignore case, -63), for copies and imports.
 */
export async function freeWorkflowName(tx: Executor, name: string): Promise<string> {
  for (let n = 1; n <= 100; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${name.slice(0, 200 - suffix.length)}${suffix}`;
    if (!(await findWorkflowTemplateByName(tx, candidate))) return candidate;
  }
  throw new AppError(Code.WORKFLOW_TEMPLATE_EXISTS);
}

/** Saves a new workflow template owned by the actor, inside the caller's transaction. */
export async function insertWorkflow(
  tx: Executor,
  actor: TenantActor,
  input: WorkflowTemplateInput,
  deps: Deps,
  action = 'workflow.created',
): Promise<WorkflowTemplate> {
  const checked = await checkedSteps(tx, input);
  await requireFreeName(tx, checked.name);
  const row = await insertWorkflowTemplate(tx, {
    tenantId: actor.tenantId,
    ownerId: actor.userId,
    ...checked,
  });
  await appendActivity(
    tx,
    {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action,
      details: { workflowId: row.id, name: row.name },
      ip: actor.ip,
    },
    deps.clock.now(),
  );
  return presentWorkflowTemplate(row);
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
  return deps.db.withTenant(actor.tenantId, (tx) => insertWorkflow(tx, actor, input, deps));
}

/**
 * `POST /v2/workflows/{workflowId}/duplicate`: a copy of a template the actor may use, named
 * "<name> (2)" (or the next free number), owned by the actor and private until they share it.
 */
export async function duplicateWorkflow(actor: Actor, id: string, deps: Deps): Promise<WorkflowTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const source = presentWorkflowTemplate(await visibleWorkflowTemplate(tx, actor, id));
    const { workflowId: _id, ownerId: _owner, createdOn: _created, ...input } = source;
    return insertWorkflow(
      tx,
      actor,
      { ...input, name: await freeWorkflowName(tx, source.name), shared: false },
      deps,
      'workflow.duplicated',
    );
  });
}

export async function updateWorkflow(
  actor: Actor,
  id: string,
  input: WorkflowTemplateInput,
  deps: Deps,
): Promise<WorkflowTemplate> {
  authorizeInTenant(actor, 'templates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const row = await visibleWorkflowTemplate(tx, actor, id);
    requireTemplateOwner(actor, row.ownerId, 'workflow');
    const checked = await checkedSteps(tx, input);
    await requireFreeName(tx, input.name, id);
    await updateWorkflowTemplate(tx, id, checked);
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
    return presentWorkflowTemplate({ ...row, ...checked });
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
