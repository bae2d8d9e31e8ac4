import { indiaStateName, type StampPaper } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { assigneesOf, type StampPaperRow } from '../../db/repositories/stamp-papers.ts';

/** Papers as answered, with their assignees (two queries for the whole page). */
export async function presentStampPapers(
  tx: Executor,
  rows: readonly StampPaperRow[],
): Promise<StampPaper[]> {
  const assignees = await assigneesOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    stampPaperId: r.id,
    stampId: r.stampId,
    stateCode: r.stateCode,
    stateName: indiaStateName(r.stateCode),
    denomination: r.denomination,
    status: r.status as StampPaper['status'],
    certificateType: r.certificateType as StampPaper['certificateType'],
    assignedUsers: assignees.users
      .filter((u) => u.stampPaperId === r.id)
      .map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
    assignedGroups: assignees.groups
      .filter((g) => g.stampPaperId === r.id)
      .map(({ groupId, groupName }) => ({ groupId, groupName })),
    usedIn: r.epakId ? { ePakId: r.epakId, documentId: r.documentId } : null,
    consumedOn: r.consumedAt?.toISOString() ?? null,
    createdBy: r.createdBy,
    createdOn: r.createdAt.toISOString(),
    updatedOn: r.updatedAt.toISOString(),
  }));
}
