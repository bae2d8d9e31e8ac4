import type { FilteredUsersQuery } from '@signet/contracts';
import {
  filterMembers,
  findMembersByEmails,
  lastSignIns,
  searchMembers,
} from '../../db/repositories/members.ts';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { presentUserRef } from './present-user.ts';

/** `GET /v1/users`: the tenant's members, optionally matching a search (the signer picker). */
export async function listUsers(
  actor: Actor,
  input: { search?: string | undefined; limit: number },
  deps: Deps,
) {
  authorizeInTenant(actor, 'users.list');
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => searchMembers(tx, input.search, input.limit));
  return { users: rows.map((r) => presentUserRef(r.user, r.membership)) };
}

/** `POST /v1/users`: looks several usernames (emails) up at once, e.g. a pasted `a@x;b@y` list. */
export async function lookupUsers(actor: Actor, usernames: string[], deps: Deps) {
  authorizeInTenant(actor, 'users.lookup');
  const wanted = [...new Set(usernames.map((u) => u.trim().toLowerCase()).filter(Boolean))];
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => findMembersByEmails(tx, wanted));
  const found = new Set(rows.map((r) => r.user.email));
  return {
    users: rows.map((r) => presentUserRef(r.user, r.membership)),
    notFound: wanted.filter((u) => !found.has(u)),
  };
}

/** `GET /v1/filteredusers`: the admin's paged, sorted and filtered user list. */
export async function filteredUsers(actor: Actor, q: FilteredUsersQuery, deps: Deps) {
  authorizeInTenant(actor, 'users.filter');
  const [column, direction = 'asc'] = q.sort.split(',');
  const { rows, total, signIns } = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const page = await filterMembers(tx, {
      page: q.pg,
      size: q.size,
      sortColumn: column as 'firstName',
      descending: direction.toLowerCase() === 'desc',
      filter: q.filter,
      type: q.type,
      verified: q.validation === 'all' ? undefined : q.validation === 'verified',
      role: q.role,
      status: q.status,
    });
    return {
      ...page,
      signIns: await lastSignIns(
        tx,
        page.rows.map((r) => r.user.id),
      ),
    };
  });
  return {
    users: rows.map((r) => ({
      ...presentUserRef(r.user, r.membership),
      lastSignInAt: signIns.get(r.user.id)?.toISOString() ?? null,
    })),
    totalCount: total,
    pg: q.pg,
    pageSize: q.size,
  };
}
