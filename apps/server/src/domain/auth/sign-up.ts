import { Code, type Signup } from '@signet/contracts';
import { findUserByEmail, insertUser } from '../../db/repositories/accounts.ts';
import { insertMembership } from '../../db/repositories/members.ts';
import { findTenantByName, insertTenant } from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { welcomeEmail } from '../notifications/account-emails.ts';
import { newTenantTerms, readPlatformSettings } from '../tenants/platform-settings.ts';
import { DEFAULT_TENANT_SETTINGS } from '../tenants/tenant-settings.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import { checkNewPassword } from './new-password.ts';

/**
 * `POST /v1/user/signup`: a new organisation with its first user as `root` (the tenant owner).
 * -81 when the email has an account (they are invited instead), -87 when the name is taken.
 */
export async function signUp(
  input: Signup,
  deps: Deps,
  /** The request's language: the new account's profile language and its welcome mail's. */
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ userId: string; tenantId: string }> {
  const platform = await readPlatformSettings(deps.db.system, deps);
  if (!platform.signupAllowed)
    throw new AppError(Code.NOT_AUTHORIZED, 'Sign-up is closed on this installation');
  checkNewPassword(input.newPassword, input.confirmPassword, DEFAULT_TENANT_SETTINGS.passwordPolicy);
  if (await findUserByEmail(deps.db.system, input.email)) throw new AppError(Code.USER_EXISTS);
  if (await findTenantByName(deps.db.system, input.orgName)) throw new AppError(Code.TENANT_EXISTS);
  const now = deps.clock.now();
  const userId = crypto.randomUUID();
  const digest = await deps.passwords.hash(input.newPassword);
  // One owner transaction: the tenant does not exist yet, so there is no tenant context to use.
  const tenantId = await deps.db.systemTx(async (tx) => {
    const id = await insertTenant(tx, { name: input.orgName, settings: newTenantTerms(platform, now) });
    await insertUser(tx, {
      id: userId,
      email: input.email,
      passwordHash: digest,
      passwordState: 'set',
      passwordChangedAt: now,
      firstName: input.firstName,
      middleName: input.middleName,
      lastName: input.lastName,
      title: input.jobTitle,
      locale: language,
      defaultTenantId: id,
    });
    await insertMembership(tx, {
      tenantId: id,
      userId,
      role: 'root',
      status: 'enabled',
      userType: 'internal',
    });
    await appendActivity(
      tx,
      { tenantId: id, actorUserId: userId, action: 'tenant.signedUp', details: { name: input.orgName } },
      now,
    );
    await deps.mailer.queue(tx, {
      ...welcomeEmail({
        to: input.email,
        tenantName: input.orgName,
        link: `${deps.settings.appUrl}/login`,
        language,
      }),
      tenantId: id,
    });
    return id;
  });
  deps.mailer.kick();
  return { userId, tenantId };
}
