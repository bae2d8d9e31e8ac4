import { Code, IndiaStateCodeSchema, StampDenominationSchema } from '@signet/contracts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { can } from '../policy.ts';
import { requireStampPapersOn } from './stamp-paper-access.ts';

/**
 * The stamp paper a bulk compose run puts on every row's document: the multipart fields
 * `stampStateCode` and `stampDenomination` (both or neither; -6 otherwise). Each row's ePak then
 * reserves its own AVAILABLE paper of that kind the uploader may use; a row for which none is
 * left fails with -1 and the reason.
 */
export async function bulkStampPaper(
  actor: TenantActor,
  fields: Record<string, string>,
  deps: Deps,
): Promise<{ stateCode: string; denomination: number } | null> {
  const state = fields.stampStateCode?.trim() ?? '';
  const value = fields.stampDenomination?.trim() ?? '';
  if (!state && !value) return null;
  const stateCode = IndiaStateCodeSchema.safeParse(state);
  const denomination = StampDenominationSchema.safeParse(value);
  if (!stateCode.success || !denomination.success)
    throw new AppError(
      Code.INVALID_INPUT,
      'stampStateCode and stampDenomination name a state code and a denomination',
    );
  if (!can(actor, 'stampPapers.use')) throw new AppError(Code.NOT_AUTHORIZED, 'You may not use stamp papers');
  await deps.db.withTenant(actor.tenantId, (tx) => requireStampPapersOn(tx, actor.tenantId));
  return { stateCode: stateCode.data, denomination: denomination.data };
}
