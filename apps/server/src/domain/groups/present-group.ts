import type { Group } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { type GroupRow, membersOf } from '../../db/repositories/groups.ts';
import { presentUserRef } from '../users/present-user.ts';

/** Groups with their members and managers (spec §3 Group). */
export async function presentGroups(tx: Executor, rows: GroupRow[]): Promise<Group[]> {
  const members = await membersOf(
    tx,
    rows.map((g) => g.id),
  );
  return rows.map((g) => {
    const mine = members.filter((m) => m.groupId === g.id);
    return {
      groupId: g.id,
      groupName: g.name,
      users: mine.map((m) => presentUserRef(m.user, m.membership)),
      managers: mine.filter((m) => m.isManager).map((m) => presentUserRef(m.user, m.membership)),
    };
  });
}
