import { Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { AppError } from '../app-error.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';

/**
 * While the tenant's stamp-paper switch (admin settings, Features: `stampPaper`) is off: -1 with
 * 409 and `data.feature`, as for team rooms, web forms and compare (-177 is about file types).
 */
export async function requireStampPapersOn(tx: Executor, tenantId: string): Promise<void> {
  const settings = readTenantSettings((await findTenant(tx, tenantId))?.settings);
  if (!settings.features.stampPaper)
    throw new AppError(Code.GENERIC_ERROR, 'Stamp papers are off in this tenant (admin settings, Features)', {
      httpStatus: 409,
      data: { feature: 'stampPaper' },
    });
}

/** An unknown stamp paper (or one of another tenant: RLS hides it): -1 with 404. */
export function stampPaperMissing(): AppError {
  return new AppError(Code.GENERIC_ERROR, 'No such stamp paper', { httpStatus: 404 });
}

/** A stamp paper that is reserved, in an ePak or used: it cannot change or go (-82). */
export function stampPaperInUse(ids: readonly string[]): AppError {
  return new AppError(Code.DOCUMENT_IN_USE, 'The stamp paper is in use by a document', {
    data: { inUse: [...ids] },
  });
}
