import {
  type AssignStampPapers,
  AssignStampPapersSchema,
  type BulkAssignStampPapers,
  BulkAssignStampPapersSchema,
  type BulkRevokeStampPapers,
  BulkRevokeStampPapersSchema,
  Code,
  type GroupedStamp,
  indiaStateName,
  type StampPaperAssignResult,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findGroup } from '../../db/repositories/groups.ts';
import { findMembersByIds } from '../../db/repositories/members.ts';
import {
  assignToGroups,
  assignToUsers,
  findStampPapers,
  groupedStampsOf,
  revokeAssignments,
  unassignedStock,
} from '../../db/repositories/stamp-papers.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { requireStampPapersOn, stampPaperMissing } from './stamp-paper-access.ts';

/** Users must be members of the tenant and groups its groups: -3 / -1 (404) otherwise. */
async function requireTargets(tx: Executor, userIds: readonly string[], groupIds: readonly string[]) {
  const members = await findMembersByIds(tx, [...new Set(userIds)]);
  if (members.length !== new Set(userIds).size) throw new AppError(Code.USER_NOT_FOUND, 'No such member');
  for (const id of new Set(groupIds))
    if (!(await findGroup(tx, id)))
      throw new AppError(Code.GENERIC_ERROR, 'No such group', { httpStatus: 404 });
}

async function assignIn(
  tx: Executor,
  actor: TenantActor,
  paperIds: readonly string[],
  userIds: readonly string[],
  groupIds: readonly string[],
  now: Date,
  action: string,
  details: Record<string, unknown>,
): Promise<StampPaperAssignResult> {
  const changed =
    (await assignToUsers(tx, actor.tenantId, paperIds, userIds, actor.userId, now)) +
    (await assignToGroups(tx, actor.tenantId, paperIds, groupIds, actor.userId, now));
  await appendActivity(
    tx,
    {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action,
      details: {
        ...details,
        stampPaperIds: [...paperIds],
        userIds: [...userIds],
        groupIds: [...groupIds],
        changed,
      },
      ip: actor.ip,
    },
    now,
  );
  return { changed, stampPaperIds: [...paperIds] };
}

/**
 * `POST /v2/stamppaper/assign`: the papers become usable by the users and groups named (added to
 * their assignments; assigning again changes nothing). Any paper may be assigned, whatever its
 * status (only AVAILABLE ones are ever taken at compose).
 */
export async function assignStampPapers(
  actor: Actor,
  input: AssignStampPapers,
  deps: Deps,
): Promise<StampPaperAssignResult> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const q = AssignStampPapersSchema.parse(input);
  const ids = [...new Set(q.stampPaperIds)];
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireStampPapersOn(tx, actor.tenantId);
    const rows = await findStampPapers(tx, ids);
    if (rows.length !== ids.length) throw stampPaperMissing();
    await requireTargets(tx, q.userIds, q.groupIds);
    return assignIn(tx, actor, ids, q.userIds, q.groupIds, deps.clock.now(), 'stampPaper.assigned', {});
  });
}

/**
 * `POST /v2/stamppaper/bulkassign`: `count` AVAILABLE papers nobody has yet, of the denomination
 * (and state), oldest first, to the users and groups named. Fewer in stock: -6 with
 * `data.available`, nothing assigned.
 */
export async function bulkAssignStampPapers(
  actor: Actor,
  input: BulkAssignStampPapers,
  deps: Deps,
): Promise<StampPaperAssignResult> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const q = BulkAssignStampPapersSchema.parse(input);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireStampPapersOn(tx, actor.tenantId);
    await requireTargets(tx, q.userIds, q.groupIds);
    const stock = await unassignedStock(tx, q.denomination, q.stateCode, q.count);
    if (stock.length < q.count)
      throw new AppError(
        Code.INVALID_INPUT,
        `Only ${stock.length} unassigned papers of that kind are available`,
        {
          data: { available: stock.length },
        },
      );
    return assignIn(
      tx,
      actor,
      stock.map((s) => s.id),
      q.userIds,
      q.groupIds,
      deps.clock.now(),
      'stampPaper.bulkAssigned',
      { count: q.count, denomination: q.denomination, stateCode: q.stateCode ?? null },
    );
  });
}

/** A date of the revoke range: an ISO date (a whole day, UTC) or date-time; null when it is not one. */
function rangeDate(value: string, end: boolean): Date | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const d = new Date(`${v}T00:00:00.000Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) return null;
    return end ? new Date(d.getTime() + 86_400_000 - 1) : d;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(v)) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

const dateError = (message: string) => new AppError(Code.BULK_STAMP_DATE_ERROR, message);

/**
 * `POST /v2/stamppaper/bulkrevoke`: takes back the assignments made in the date range (both
 * ends inclusive; a date alone is its whole UTC day) of AVAILABLE papers, from the users and
 * groups named (none: from everyone), of the denomination and state when given. -209 when a
 * date is not a date, the range ends before it starts, or it starts in the future.
 */
export async function bulkRevokeStampPapers(
  actor: Actor,
  input: BulkRevokeStampPapers,
  deps: Deps,
): Promise<StampPaperAssignResult> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const q = BulkRevokeStampPapersSchema.parse(input);
  const from = rangeDate(q.fromDate, false);
  const to = rangeDate(q.toDate, true);
  if (!from) throw dateError('fromDate is not a date');
  if (!to) throw dateError('toDate is not a date');
  if (from > to) throw dateError('fromDate is after toDate');
  const now = deps.clock.now();
  if (from > now) throw dateError('fromDate is in the future');
  const toDateStart = rangeDate(q.toDate, false);
  if (toDateStart && toDateStart > now) throw dateError('toDate is in the future');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireStampPapersOn(tx, actor.tenantId);
    const touched = await revokeAssignments(tx, {
      from,
      to,
      denomination: q.denomination,
      stateCode: q.stateCode,
      userIds: q.userIds,
      groupIds: q.groupIds,
    });
    const stampPaperIds = [...new Set(touched)];
    await appendActivity(
      tx,
      {
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        action: 'stampPaper.bulkRevoked',
        details: {
          fromDate: from.toISOString(),
          toDate: to.toISOString(),
          denomination: q.denomination ?? null,
          stateCode: q.stateCode ?? null,
          userIds: q.userIds,
          groupIds: q.groupIds,
          changed: touched.length,
          stampPaperIds,
        },
        ip: actor.ip,
      },
      now,
    );
    return { changed: touched.length, stampPaperIds };
  });
}

/**
 * `GET /v2/stamppaper/user/groupedstamps`: the AVAILABLE papers the caller may use (assigned to
 * them or to a group they are in), counted per state and denomination. Any composing role.
 */
export async function groupedStamps(actor: Actor, deps: Deps): Promise<GroupedStamp[]> {
  authorizeInTenant(actor, 'stampPapers.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireStampPapersOn(tx, actor.tenantId);
    return (await groupedStampsOf(tx, actor.userId)).map((r) => ({
      stateCode: r.stateCode,
      stateName: indiaStateName(r.stateCode),
      denomination: r.denomination,
      count: r.n,
    }));
  });
}
