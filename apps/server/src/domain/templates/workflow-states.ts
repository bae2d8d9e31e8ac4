import { Code, type StepType, type WorkflowStateDefinition } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  insertWorkflowState,
  listWorkflowStates,
  updateWorkflowState,
  type WorkflowStateRow,
} from '../../db/repositories/templates.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';

/** The step vocabulary every tenant starts with: one entry per step type, in the usual order. */
const DEFAULT_STATES: readonly { name: string; action: StepType }[] = [
  { name: 'Review', action: 'REVIEW' },
  { name: 'Sign', action: 'SIGN' },
  { name: 'Email', action: 'EMAIL' },
  { name: 'In-person sign', action: 'INPERSONSIGN' },
];

const present = (r: WorkflowStateRow): WorkflowStateDefinition => ({
  workflowStateId: r.id,
  name: r.name,
  action: r.action as StepType,
  workflowStateOrder: r.stateOrder,
  enabled: r.enabled,
});

async function statesOf(tx: Executor, tenantId: string): Promise<WorkflowStateRow[]> {
  const rows = await listWorkflowStates(tx);
  if (rows.length > 0) return rows;
  for (const [i, s] of DEFAULT_STATES.entries())
    await insertWorkflowState(tx, { tenantId, name: s.name, action: s.action, stateOrder: i + 1 });
  return listWorkflowStates(tx);
}

/** `GET /v1/workflow/states`: the step names composers choose from (admins see disabled ones too). */
export async function getWorkflowStates(actor: Actor, deps: Deps): Promise<WorkflowStateDefinition[]> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => (await statesOf(tx, actor.tenantId)).map(present));
}

export async function addWorkflowState(
  actor: Actor,
  input: { name: string; action: StepType },
  deps: Deps,
): Promise<WorkflowStateDefinition[]> {
  authorizeInTenant(actor, 'workflowStates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const rows = await statesOf(tx, tenantId);
    if (rows.some((r) => r.name.toLowerCase() === input.name.toLowerCase()))
      throw new AppError(Code.INVALID_INPUT, `A step named ${input.name} exists`);
    await insertWorkflowState(tx, { tenantId, ...input, stateOrder: rows.length + 1 });
    return (await listWorkflowStates(tx)).map(present);
  });
}

export async function editWorkflowState(
  actor: Actor,
  input: { workflowStateId: string; name?: string | undefined; enabled?: boolean | undefined },
  deps: Deps,
): Promise<WorkflowStateDefinition[]> {
  authorizeInTenant(actor, 'workflowStates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const rows = await statesOf(tx, tenantId);
    const row = rows.find((r) => r.id === input.workflowStateId);
    if (!row) throw new AppError(Code.INVALID_INPUT, 'No such step', { httpStatus: 404 });
    const name = input.name ?? row.name;
    if (rows.some((r) => r.id !== row.id && r.name.toLowerCase() === name.toLowerCase()))
      throw new AppError(Code.INVALID_INPUT, `A step named ${name} exists`);
    const enabled = input.enabled ?? row.enabled;
    // Composers must always have some way to sign.
    if (
      !enabled &&
      !rows.some((r) => r.id !== row.id && r.enabled && r.action === 'SIGN') &&
      row.action === 'SIGN'
    )
      throw new AppError(Code.INVALID_INPUT, 'At least one signing step must stay enabled');
    await updateWorkflowState(tx, row.id, { name, enabled });
    return (await listWorkflowStates(tx)).map(present);
  });
}

/** `PUT /v1/workflow/states/{workflowStateId}/{workflowStateOrder}`: moves a step in the list. */
export async function moveWorkflowState(
  actor: Actor,
  workflowStateId: string,
  order: number,
  deps: Deps,
): Promise<WorkflowStateDefinition[]> {
  authorizeInTenant(actor, 'workflowStates.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const rows = await statesOf(tx, tenantId);
    const moving = rows.find((r) => r.id === workflowStateId);
    if (!moving) throw new AppError(Code.INVALID_INPUT, 'No such step', { httpStatus: 404 });
    const rest = rows.filter((r) => r.id !== workflowStateId);
    const at = Math.min(Math.max(order, 1), rows.length) - 1;
    rest.splice(at, 0, moving);
    for (const [i, r] of rest.entries())
      if (r.stateOrder !== i + 1) await updateWorkflowState(tx, r.id, { stateOrder: i + 1 });
    return (await listWorkflowStates(tx)).map(present);
  });
}
