import type { Executor } from '../../db/database.ts';
import type { Deps } from '../deps.ts';

/**
 * Runs `fn` in the caller's tenant transaction when there is one, else in a new one: a use case
 * that a bigger unit of work (bulk compose) calls as one of its steps commits with that work.
 */
export function withinOrNew<T>(
  deps: Deps,
  tenantId: string,
  within: Executor | undefined,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  return within ? fn(within) : deps.db.withTenant(tenantId, fn);
}
