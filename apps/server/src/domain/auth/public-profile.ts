import { Code } from '@signet/contracts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { currentUser } from '../users/current-user.ts';
import { resolveActor } from './resolve-actor.ts';

export interface PublicProfile {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  /** Where the photo is read (under the API prefix, with the same token), or null without one. */
  photoUrl: string | null;
  tenants: { tenantUuid: string; tenantName: string; userRole: string; status: string }[];
}

/**
 * `GET /v1/users/{accessToken}`: the profile of the user the token belongs to, as the original
 * clients ask for it right after receiving a token. The token is checked as a header token is
 * (-5 not valid, -7 session ended), except that, as issue 22 asks, something that is no token at
 * all answers -5 (not -37) and an expired one -45 (not -27, which tells a client to refresh, and a
 * profile look-up cannot). The answer is what that token may see of its own user: a session
 * opened from an easy-sign link gets its one tenant and no photo. No other user can be asked for.
 */
export async function publicProfile(token: string, ip: string | null, deps: Deps): Promise<PublicProfile> {
  const actor = await resolveActor(token, undefined, ip, deps).catch((error: unknown) => {
    if (error instanceof AppError && error.code === Code.TOKEN_EXPIRED)
      throw new AppError(Code.INVALID_TOKEN, 'The token has expired');
    if (error instanceof AppError && error.code === Code.INVALID_JWT)
      throw new AppError(Code.INVALID_ACCESS_TOKEN, 'This is not an access token');
    throw error;
  });
  const user = await currentUser(actor, deps);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    email: user.email,
    photoUrl: user.userImage ? `/v1/users/${user.id}/photo` : null,
    tenants: user.userTenantList.map((t) => ({
      tenantUuid: t.tenantUuid,
      tenantName: t.tenantName,
      userRole: t.userRole,
      status: t.status,
    })),
  };
}
