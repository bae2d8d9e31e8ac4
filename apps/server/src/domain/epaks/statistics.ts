import { Code, type Statistics, type StatisticsQuery } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { membersOf } from '../../db/repositories/groups.ts';
import { countByStatus, type StatisticsScope, weeklySeries } from '../../db/repositories/statistics.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorize, authorizeInTenant, can } from '../policy.ts';

/** The people a group statistic covers; only its managers and admins may see it. */
async function groupPeople(tx: Executor, actor: TenantActor, groupId: string | undefined): Promise<string[]> {
  if (!groupId) throw new AppError(Code.INVALID_INPUT, 'Choose a group');
  const members = await membersOf(tx, [groupId]);
  const manages = members.some((m) => m.user.id === actor.userId && m.isManager);
  if (!manages && !can(actor, 'statistics.all'))
    throw new AppError(Code.NOT_AUTHORIZED, 'Only the group’s managers and admins see its statistics');
  return members.map((m) => m.user.id);
}

async function scopeOf(tx: Executor, actor: TenantActor, q: StatisticsQuery): Promise<StatisticsScope> {
  switch (q.scope) {
    case 'all':
      authorize(actor, 'statistics.all');
      return { kind: 'all' };
    case 'group':
      return { kind: 'users', userIds: await groupPeople(tx, actor, q.groupId) };
    case 'groupuser': {
      const people = await groupPeople(tx, actor, q.groupId);
      if (!q.userId || !people.includes(q.userId))
        throw new AppError(Code.INVALID_INPUT, 'Choose a member of the group');
      return { kind: 'users', userIds: [q.userId] };
    }
    case 'user':
      if (q.userId && q.userId !== actor.userId) authorize(actor, 'statistics.all');
      return { kind: 'users', userIds: [q.userId ?? actor.userId] };
  }
}

/** Monday (UTC) of the week `weeks - 1` weeks before `now`'s week. */
function firstWeek(now: Date, weeks: number): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7 * (weeks - 1));
  return d;
}

/**
 * `GET /v2/statistics` (spec §9 charts): the summary (ePaks by status) or weekly series for the
 * scopes user, group, all and groupuser. User and group scopes carry only pending, created,
 * stopped and completed.
 */
export async function statistics(actor: Actor, q: StatisticsQuery, deps: Deps): Promise<Statistics> {
  authorizeInTenant(actor, 'epaks.list');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const scope = await scopeOf(tx, actor, q);
    if (q.type === 'summary')
      return { scope: q.scope, type: q.type, summary: await countByStatus(tx, scope), weekly: null };
    const rows = await weeklySeries(tx, scope, firstWeek(deps.clock.now(), q.weeks), q.weeks);
    const limited = q.scope === 'user' || q.scope === 'group';
    return {
      scope: q.scope,
      type: q.type,
      summary: null,
      weekly: rows.map((r) => {
        const point = {
          weekStart: r.week_start,
          pending: r.pending,
          created: r.created,
          stopped: r.stopped,
          completed: r.completed,
        };
        return limited ? point : { ...point, received: r.received, rejected: r.rejected, signed: r.signed };
      }),
    };
  });
}
