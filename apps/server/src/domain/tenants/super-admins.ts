import { Code, type SuperAdmin } from '@signet/contracts';
import {
  findUserByEmail,
  findUserById,
  insertPasswordToken,
  insertUser,
  listSuperAdmins,
  setSuperAdminStatus,
} from '../../db/repositories/accounts.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { randomToken, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps } from '../deps.ts';
import { superAdminEmail } from '../notifications/account-emails.ts';
import { authorize } from '../policy.ts';
import { INVITE_TTL_SECONDS } from '../users/invite-user.ts';

function present(u: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  superAdminStatus: string | null;
}): SuperAdmin {
  return {
    userId: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    status: u.superAdminStatus === 'enabled' ? 'enabled' : 'disabled',
  };
}

/** `GET /v2/user/getAllSuperadmins`. */
export async function getAllSuperAdmins(actor: Actor, deps: Deps): Promise<SuperAdmin[]> {
  authorize(actor, 'superadmins.manage');
  return (await listSuperAdmins(deps.db.system)).map(present);
}

/**
 * `POST /v2/user/registerAsSuperadmin`: a super admin makes someone a super admin. A person
 * without an account gets one and a link to set a password.
 */
export async function registerSuperAdmin(
  actor: Actor,
  input: { email: string; firstName: string; lastName: string },
  deps: Deps,
): Promise<SuperAdmin> {
  authorize(actor, 'superadmins.manage');
  const now = deps.clock.now();
  const existing = await findUserByEmail(deps.db.system, input.email);
  if (existing?.superAdminStatus === 'enabled') throw new AppError(Code.USER_EXISTS, 'Already a super admin');
  const userId = existing?.id ?? crypto.randomUUID();
  await deps.db.systemTx(async (tx) => {
    let link: string | null = null;
    if (!existing) {
      await insertUser(tx, {
        id: userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
      });
    }
    if (!existing?.passwordHash) {
      const token = randomToken();
      await insertPasswordToken(tx, {
        tokenHash: tokenDigest(token),
        userId,
        kind: 'reset',
        createdAt: now,
        expiresAt: addSeconds(now, INVITE_TTL_SECONDS),
      });
      link = `${deps.settings.appUrl}/resetpassword?token=${token}`;
    }
    await setSuperAdminStatus(tx, userId, 'enabled');
    await deps.mailer.queue(tx, superAdminEmail({ to: input.email, link }));
  });
  deps.mailer.kick();
  const user = await findUserById(deps.db.system, userId);
  if (!user) throw new Error('super admin vanished');
  return present(user);
}

/** `PUT /v2/user/updateSuperadminStatus`: enables or disables a super admin (never oneself). */
export async function updateSuperAdminStatus(
  actor: Actor,
  input: { userId: string; status: 'enabled' | 'disabled' },
  deps: Deps,
): Promise<SuperAdmin> {
  authorize(actor, 'superadmins.manage');
  if (input.userId === actor.userId)
    throw new AppError(Code.NOT_AUTHORIZED, 'You cannot change your own status');
  const user = await findUserById(deps.db.system, input.userId);
  if (!user?.superAdminStatus) throw new AppError(Code.USER_NOT_FOUND, 'Not a super admin');
  await setSuperAdminStatus(deps.db.system, input.userId, input.status);
  return present({ ...user, superAdminStatus: input.status });
}
