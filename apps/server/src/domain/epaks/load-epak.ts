import { Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  type EpakRow,
  findEpak,
  flagsOf,
  loadWorkflow,
  type RecipientRow,
  toMachine,
  type Workflow,
} from '../../db/repositories/epaks.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { can } from '../policy.ts';
import { securityCodeRequired } from './security-code.ts';
import type { MachineEpak } from './workflow-machine.ts';

export interface LoadedEpak {
  epak: EpakRow;
  workflow: Workflow;
  machine: MachineEpak;
  isOwner: boolean;
  /** The actor's recipient entries (one person may be in several steps). */
  mine: RecipientRow[];
}

/** What answers for an ePak that does not exist or that the actor may not see: nothing is revealed. */
export function epakNotFound(): AppError {
  return new AppError(Code.GENERIC_ERROR, 'The ePak does not exist', { httpStatus: 404 });
}

/**
 * Loads an ePak the actor may see: its owner, any of its recipients, or a tenant admin. With
 * `lock` the ePak row is locked for the transaction, so actions on one ePak take turns.
 */
export async function loadEpak(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  opts: { lock?: boolean; allowLocked?: boolean } = {},
): Promise<LoadedEpak> {
  if (actor.scopeEpakId && actor.scopeEpakId !== epakId) throw epakNotFound();
  const epak = await findEpak(tx, epakId, opts);
  if (!epak) throw epakNotFound();
  const workflow = await loadWorkflow(tx, epakId);
  const isOwner = epak.ownerId === actor.userId;
  const mine = workflow.recipients.filter((r) => r.userId === actor.userId);
  const admin = can(actor, 'tenant.settings');
  if (!isOwner && mine.length === 0 && !admin) throw epakNotFound();
  if (epak.status === 'Deleted' && !isOwner && !admin) throw epakNotFound();
  // A recipient opens a secured ePak only after entering its code (POST …/unlock); a link
  // session was given the code at its exchange.
  if (epak.securityCodeHash && !isOwner && !admin && !actor.scopeEpakId && !opts.allowLocked) {
    if (!(await flagsOf(tx, epakId, actor.userId))?.unlocked) throw securityCodeRequired();
  }
  return { epak, workflow, machine: toMachine(epak.status, workflow), isOwner, mine };
}

/** Only the owner (or an admin) may change an ePak; -11 for anyone else. */
export function requireOwner(loaded: LoadedEpak, actor: TenantActor): void {
  if (!loaded.isOwner && !can(actor, 'tenant.settings'))
    throw new AppError(Code.NOT_AUTHORIZED, 'Only the ePak owner may do this');
}

/** The actor's recipient entry whose turn it is (in the current step, waiting to act), if any. */
export function myTurn(loaded: LoadedEpak): RecipientRow | null {
  const current = loaded.workflow.steps.find((s) => s.status === 'current');
  if (!current) return null;
  return (
    loaded.mine.find(
      (r) => r.stateId === current.id && (r.status === 'Pending' || r.status === 'DelegatePending'),
    ) ?? null
  );
}
