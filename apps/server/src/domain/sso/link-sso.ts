import { Code, type SsoLinkInput, type TokenResponse } from '@signet/contracts';
import { findUserById, membershipsOf } from '../../db/repositories/accounts.ts';
import { findSsoPendingLink, takeSsoPendingLink } from '../../db/repositories/sso.ts';
import { AppError } from '../app-error.ts';
import { SignInThrottle } from '../auth/sign-in-throttle.ts';
import { tokenDigest } from '../auth/tokens.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { pendingLinkContext, signInThroughProvider, type VerifiedPerson } from './finish-sso.ts';
import { enabledProvider } from './start-sso.ts';

const expired = () =>
  new AppError(Code.INVALID_TOKEN, 'This confirmation has expired; sign in through your provider again');

/**
 * `POST /public/sso/link`: the account's owner confirms with their password that the provider
 * account the tenant's provider just vouched for (-1201) is theirs. The password is checked like a
 * sign-in's (the same per-account-and-address slowdown, -16 when wrong, the token kept for another
 * try); then the token is spent, the provider account is bound to the account in this tenant, and
 * the sign-in finishes as if it had been bound already. The provider must still be the one that
 * vouched (same issuer), enabled.
 */
export async function linkSsoAccount(
  input: SsoLinkInput,
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse & { next: string | null }> {
  const now = deps.clock.now();
  const tokenHash = tokenDigest(input.linkToken);
  const pending = await findSsoPendingLink(deps.db.system, tokenHash, now);
  const user = pending ? await findUserById(deps.db.system, pending.userId) : null;
  if (!pending || !user) throw expired();

  const memberships = await membershipsOf(deps.db.system, user.id);
  const policy = readTenantSettings(
    memberships.find((m) => m.tenantId === user.defaultTenantId)?.tenantSettings ??
      memberships[0]?.tenantSettings,
  ).passwordPolicy;
  const throttleKey = SignInThrottle.keyOf(user.email, origin.ip);
  await deps.signInThrottle.refuseWhileDelayed(throttleKey, now, policy);
  if (!user.passwordHash || !(await deps.passwords.verify(user.passwordHash, input.password))) {
    await deps.signInThrottle.recordFailure(throttleKey, now, policy);
    throw new AppError(Code.INVALID_PASSWORD, 'Wrong password');
  }
  await deps.signInThrottle.recordSuccess(throttleKey);
  if (!(await takeSsoPendingLink(deps.db.system, tokenHash))) throw expired();

  const person = JSON.parse(
    new TextDecoder().decode(
      deps.vault.open(Buffer.from(pending.personSealed, 'base64'), pendingLinkContext(tokenHash)),
    ),
  ) as VerifiedPerson;
  const provider = await enabledProvider(pending.tenantId, deps);
  if (provider?.issuer !== person.issuer) {
    throw new AppError(Code.GENERIC_ERROR, 'Single sign-on is not set up for this organisation');
  }
  return signInThroughProvider(pending.tenantId, provider, person, pending.next, user.id, origin, deps);
}
