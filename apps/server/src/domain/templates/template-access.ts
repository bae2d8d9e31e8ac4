import { Code } from '@signet/contracts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { can } from '../policy.ts';

/** A template nobody may see is reported as missing, like any other record of another owner. */
export function templateMissing(what: string): AppError {
  return new AppError(Code.GENERIC_ERROR, `The ${what} does not exist`, { httpStatus: 404 });
}

/**
 * Templates belong to their creator; the tenant's admins may change any of them, so a template
 * does not become frozen when its creator leaves.
 */
export function requireTemplateOwner(actor: TenantActor, ownerId: string, what: string): void {
  if (ownerId !== actor.userId && !can(actor, 'tenant.settings'))
    throw new AppError(Code.NOT_AUTHORIZED, `Only the ${what}’s creator or an admin may change it`);
}
