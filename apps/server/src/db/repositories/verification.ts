import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { recipients, users, workflowStates } from '../schema/index.ts';

/** The signers of an ePak (its SIGN steps' recipients) in workflow order, with their names. */
export function signersOfEpak(tx: Executor, epakId: string) {
  return tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: recipients.email,
      status: recipients.status,
      actedAt: recipients.actedAt,
    })
    .from(recipients)
    .innerJoin(
      workflowStates,
      and(eq(workflowStates.id, recipients.stateId), eq(workflowStates.tenantId, recipients.tenantId)),
    )
    .innerJoin(users, eq(users.id, recipients.userId))
    .where(and(eq(recipients.epakId, epakId), eq(workflowStates.type, 'SIGN')))
    .orderBy(asc(workflowStates.stepOrder), asc(recipients.position))
    .limit(500);
}
