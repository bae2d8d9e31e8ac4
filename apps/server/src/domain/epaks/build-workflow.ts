import { Code, type SigningPolicy, type StepInput } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { insertRecipient, insertStep } from '../../db/repositories/epaks.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { resolvePeople } from './resolve-recipients.ts';

/** A step names a person once and asks no more of them than it has (-6). */
export function checkSteps(steps: readonly StepInput[]): void {
  for (const [i, step] of steps.entries()) {
    const emails = step.recipients.map((r) => r.email.toLowerCase());
    const duplicate = emails.find((e, j) => emails.indexOf(e) !== j);
    if (duplicate) throw new AppError(Code.INVALID_INPUT, `${duplicate} is twice in step ${i + 1}`);
    if (step.minRequired !== null && step.minRequired > step.recipients.length) {
      throw new AppError(
        Code.INVALID_INPUT,
        `Step ${i + 1} needs ${step.minRequired} recipients but has ${step.recipients.length}`,
      );
    }
  }
}

/**
 * Writes an ePak's steps and recipients from compose input. Recipients start NotRequired; the
 * workflow machine makes them Pending when their step comes. One person appears once per step.
 */
export async function writeWorkflow(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  steps: readonly StepInput[],
  defaultPolicy: SigningPolicy,
): Promise<void> {
  const people = await resolvePeople(
    tx,
    actor,
    steps.flatMap((s) => s.recipients),
  );
  checkSteps(steps);
  for (const [i, step] of steps.entries()) {
    const stateId = await insertStep(tx, {
      tenantId: actor.tenantId,
      epakId,
      stepOrder: i + 1,
      type: step.type,
      name: step.name,
      signingPolicy: step.signingPolicy ?? defaultPolicy,
      minRequired: step.minRequired,
      status: 'waiting',
    });
    for (const [position, r] of step.recipients.entries()) {
      const person = people.get(r.email.toLowerCase());
      if (!person) throw new Error('recipient was not resolved');
      await insertRecipient(tx, {
        tenantId: actor.tenantId,
        epakId,
        stateId,
        userId: person.userId,
        email: person.email,
        signingPolicy: r.signingPolicy ?? null,
        position,
        status: 'NotRequired',
      });
    }
  }
}
