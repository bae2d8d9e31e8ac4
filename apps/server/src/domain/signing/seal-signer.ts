import { Code } from '@signet/contracts';
import { localSigner, type Signer } from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { tenantKeys } from './tenant-ca.ts';

/** The tenant's seal (ESIGNATURE, QUICKSIGN, completion certificates), made on first use. */
export async function sealSigner(tx: Executor, tenantId: string, deps: Deps): Promise<Signer> {
  const tenant = await findTenant(tx, tenantId);
  if (!tenant) throw new AppError(Code.NOT_AUTHORIZED);
  const keys = await tenantKeys(tx, tenant, deps.vault, deps.clock.now());
  return localSigner(keys.seal.privateKey, keys.sealChain);
}

/** The tenant's root certificate: the trust anchor its signatures chain to. */
export async function tenantRoot(tx: Executor, tenantId: string, deps: Deps): Promise<Uint8Array> {
  const tenant = await findTenant(tx, tenantId);
  if (!tenant) throw new AppError(Code.NOT_AUTHORIZED);
  return (await tenantKeys(tx, tenant, deps.vault, deps.clock.now())).root.certificate;
}
