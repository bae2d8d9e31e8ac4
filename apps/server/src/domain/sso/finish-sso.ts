import {
  Code,
  PENDING_INVITE_STATUSES,
  SSO_LOGIN_TTL_SECONDS,
  type SsoCallbackInput,
  type SsoLinkRequired,
  type TokenResponse,
} from '@signet/contracts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  membershipsOf,
  type UserRow,
} from '../../db/repositories/accounts.ts';
import { insertMembership } from '../../db/repositories/members.ts';
import {
  findSsoBinding,
  findSsoProvider,
  insertSsoBinding,
  insertSsoPendingLink,
  insertSsoSession,
  type SsoProviderRow,
  setMembershipLogin,
  takeSsoLoginState,
} from '../../db/repositories/sso.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { appendActivity } from '../activity/append-activity.ts';
import { AppError } from '../app-error.ts';
import { issueSession } from '../auth/issue-session.ts';
import { randomToken, sameDigest, tokenDigest } from '../auth/tokens.ts';
import { addSeconds } from '../clock.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { checkCustodianLimit } from '../users/invite-user.ts';
import { discoverProvider, oidc } from './oidc-client.ts';
import { mapsRoles, type RoleRule, roleFromClaims } from './role-mapping.ts';
import { openSecret, redirectUriOf } from './sso-settings.ts';
import { stateContext } from './start-sso.ts';

/** What the provider vouched for, after every check. */
export interface VerifiedPerson {
  issuer: string;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
  claims: Record<string, unknown>;
}

const notValid = () =>
  new AppError(Code.INVALID_TOKEN, 'This sign-in could not be checked; start again from the login page');

/**
 * `POST /public/sso/callback`: the provider's answer, handed over by the web app's callback page.
 * The state is taken once (a replay finds nothing) and must come from the browser that started
 * it (its cookie); openid-client then exchanges the code with the PKCE verifier and checks the
 * ID token's signature, issuer, audience, expiry and nonce. The person is the verified email
 * (-75 when the provider has not verified it) of an allowed domain; they become or stay a member
 * as the provider's settings say, and get an ordinary session confined to this tenant.
 *
 * Two-factor sign-in is not asked after a provider: the provider authenticates (with its own
 * factors); the tenant's two-factor setting is about Signet passwords.
 */
export async function finishSsoSignIn(
  input: SsoCallbackInput,
  browserKey: string | null,
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse & { next: string | null }> {
  const now = deps.clock.now();
  const stateHash = tokenDigest(input.state);
  const login = await takeSsoLoginState(deps.db.system, stateHash, now);
  if (!login || !browserKey || !sameDigest(tokenDigest(browserKey), login.browserHash)) throw notValid();
  if (input.error) {
    throw new AppError(Code.GENERIC_ERROR, 'The sign-in provider did not sign you in', {
      data: { reason: 'providerRefused', error: input.error },
    });
  }
  const tenantId = login.tenantId;
  const provider = await deps.db.withTenant(tenantId, (tx) => findSsoProvider(tx, tenantId));
  if (!provider?.enabled)
    throw new AppError(Code.GENERIC_ERROR, 'Single sign-on is not set up for this organisation');
  const secrets = JSON.parse(
    new TextDecoder().decode(
      deps.vault.open(Buffer.from(login.secretsSealed, 'base64'), stateContext(stateHash)),
    ),
  ) as { nonce: string; codeVerifier: string };

  const config = await discoverProvider(
    { issuer: provider.issuer, clientId: provider.clientId, clientSecret: openSecret(provider, deps) },
    deps,
  );
  // The ID token comes straight from the token endpoint, where OIDC lets TLS stand in for its
  // signature; Signet checks the signature against the provider's keys all the same.
  oidc.enableNonRepudiationChecks(config);
  const person = await verifiedPerson(config, input, secrets, deps);
  if (
    provider.allowedDomains.length > 0 &&
    !provider.allowedDomains.includes(person.email.slice(person.email.lastIndexOf('@') + 1))
  ) {
    throw new AppError(
      Code.USER_NOT_FOUND,
      'This address may not sign in to this organisation through its provider',
    );
  }

  return signInThroughProvider(tenantId, provider, person, login.next, null, origin, deps);
}

/** The master-key context of a pending link's sealed person: bound to its token. */
export const pendingLinkContext = (tokenHash: string) => `sso-link:${tokenHash}`;

/**
 * Admits the person the provider vouched for and opens a session confined to the tenant. An
 * account that has something of its own (a password, another tenant, super admin) and is not yet
 * bound to this provider account answers -1201 with a token to confirm once with its password
 * (`POST /public/sso/link`, whose use case passes `confirmedUserId`): a tenant's provider speaks
 * for the tenant, and an email address it vouches for does not make an account its own.
 */
export async function signInThroughProvider(
  tenantId: string,
  provider: SsoProviderRow,
  person: VerifiedPerson,
  next: string | null,
  confirmedUserId: string | null,
  origin: RequestOrigin,
  deps: Deps,
): Promise<TokenResponse & { next: string | null }> {
  const rule: RoleRule = {
    roleClaim: provider.roleClaim,
    roleMapping: provider.roleMapping as RoleRule['roleMapping'],
    defaultRole: provider.defaultRole as RoleRule['defaultRole'],
  };
  const admitted = await admitMember(
    tenantId,
    person,
    rule,
    provider.justInTime,
    confirmedUserId,
    origin,
    deps,
  );
  if ('unbound' in admitted) return askForPassword(tenantId, provider, person, admitted.unbound, next, deps);
  const { user, role } = admitted;
  // Confined to the tenant in the very transaction that creates the session.
  const tokens = await issueSession(deps, user, { tenantId, role }, origin, 'sso', null, (tx, sessionId) =>
    insertSsoSession(tx, { sessionId, tenantId, issuer: person.issuer, subject: person.subject }),
  );
  return { ...tokens, next };
}

/**
 * -1201 with a one-time token (10 minutes) that waits, with the verified person sealed, for the
 * account's password. An account without a password cannot confirm: -75 tells its owner to set
 * one through "Forgot password" (a mail to the address, which the provider does not control).
 */
async function askForPassword(
  tenantId: string,
  provider: SsoProviderRow,
  person: VerifiedPerson,
  account: UserRow,
  next: string | null,
  deps: Deps,
): Promise<never> {
  if (!account.passwordHash) {
    throw new AppError(
      Code.USER_NOT_REGISTERED,
      'Your Signet account has no password yet: set one with "Forgot password", then sign in through your provider again to link it',
    );
  }
  const now = deps.clock.now();
  const linkToken = randomToken();
  const tokenHash = tokenDigest(linkToken);
  const sealed = deps.vault.seal(
    new TextEncoder().encode(JSON.stringify(person)),
    pendingLinkContext(tokenHash),
  );
  await insertSsoPendingLink(deps.db.system, {
    tokenHash,
    tenantId,
    userId: account.id,
    personSealed: Buffer.from(sealed).toString('base64'),
    next,
    createdAt: now,
    expiresAt: addSeconds(now, SSO_LOGIN_TTL_SECONDS),
  });
  const data: SsoLinkRequired = {
    reason: 'confirmLink',
    linkToken,
    email: account.email,
    providerName: provider.displayName,
  };
  throw new AppError(
    Code.SSO_LINK_REQUIRED,
    `Confirm with your Signet password once to sign in through ${provider.displayName}`,
    { data },
  );
}

async function verifiedPerson(
  config: oidc.Configuration,
  input: SsoCallbackInput,
  secrets: { nonce: string; codeVerifier: string },
  deps: Deps,
): Promise<VerifiedPerson> {
  const callback = new URL(redirectUriOf(deps));
  for (const key of ['code', 'state', 'iss'] as const) {
    const value = input[key];
    if (value !== undefined) callback.searchParams.set(key, value);
  }
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: input.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    claims = { ...idClaims };
    // Scope claims (email, groups) come from userinfo at providers that keep the ID token small.
    if (config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims, ...pick(info, ['email', 'email_verified']) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.log.warn({ err: error }, 'OpenID sign-in refused');
    throw notValid();
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@'))
    throw new AppError(Code.USER_NOT_REGISTERED, 'The provider did not give an email address');
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new AppError(Code.USER_NOT_REGISTERED, 'The provider has not verified this email address');
  }
  return {
    issuer: String(claims.iss),
    subject: String(claims.sub),
    email,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
    claims,
  };
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in source).map((k) => [k, source[k]]));
}

/**
 * Who the person is in the tenant. The account bound to the provider account (sso_bindings) is
 * the person; without a binding, the account of the verified email. A member signs in (-13 when
 * disabled); their role follows the claim mapping at every sign-in, except the owner's. Someone
 * new to Signet — no account, or an account without a password that belongs to this tenant only
 * (an invitation they have not answered) — joins or accepts as the provider's settings allow, and
 * is bound then. Someone with an account elsewhere is never joined by a provider: the tenant's
 * provider speaks for the tenant, not for the person's other memberships, so they accept an
 * invitation themselves first (-75). A member whose account has anything of its own is signed in
 * only once bound: without a binding (or `confirmedUserId`, the password just checked) the
 * answer is `unbound`.
 */
async function admitMember(
  tenantId: string,
  person: VerifiedPerson,
  rule: RoleRule,
  justInTime: boolean,
  confirmedUserId: string | null,
  origin: RequestOrigin,
  deps: Deps,
): Promise<{ user: UserRow; role: TokenResponse['user']['role'] } | { unbound: UserRow }> {
  const now = deps.clock.now();
  const key = { tenantId, issuer: person.issuer, subject: person.subject };
  const boundId = await deps.db.withTenant(tenantId, (tx) => findSsoBinding(tx, key));
  const existing = boundId
    ? await findUserById(deps.db.system, boundId)
    : await findUserByEmail(deps.db.system, person.email);
  const memberships = existing ? await membershipsOf(deps.db.system, existing.id) : [];
  const member = memberships.find((m) => m.tenantId === tenantId);
  const newToSignet =
    !existing ||
    (!existing.passwordHash &&
      !existing.superAdminStatus &&
      memberships.every((m) => m.tenantId === tenantId));
  const pending = member && PENDING_INVITE_STATUSES.includes(member.status as never);
  const mapped = roleFromClaims(person.claims, rule);

  if (member?.status === 'disabled')
    throw new AppError(Code.USER_DISABLED, 'Your account is disabled in this organisation');
  if (pending && !newToSignet) {
    throw new AppError(
      Code.USER_NOT_REGISTERED,
      'Accept the invitation from your email first, then sign in here',
    );
  }
  const joins = !member || (member.status !== 'enabled' && !pending);
  if (joins && !(justInTime && newToSignet)) {
    throw new AppError(
      Code.USER_NOT_FOUND,
      'You are not a member of this organisation; ask its administrator',
    );
  }
  const confirmed = existing !== null && confirmedUserId === existing.id;
  if (existing && !boundId && !newToSignet && !confirmed) return { unbound: existing };

  const userId = existing?.id ?? crypto.randomUUID();
  const role = await deps.db.withTenant(tenantId, async (tx) => {
    const tenant = await findTenant(tx, tenantId);
    const settings = readTenantSettings(tenant?.settings);
    if (
      tenant?.status !== 'active' ||
      (settings.licenseExpiresOn && new Date(settings.licenseExpiresOn) <= now)
    ) {
      throw new AppError(Code.TRIAL_EXPIRED, 'This organisation is not active');
    }
    const log = (action: string, details: Record<string, unknown>) =>
      appendActivity(tx, { tenantId, actorUserId: userId, action, details, ip: origin.ip }, now);
    const login = { loginType: 'SSO', ssoEntityId: person.issuer };
    // Bound once the account exists, so the provider account finds this account from now on.
    const bind = async () => {
      if (boundId) return;
      const how = confirmed ? 'password' : existing ? 'admitted' : 'created';
      await insertSsoBinding(tx, { ...key, userId, how, createdAt: now });
      await log('user.ssoBound', { userId, issuer: person.issuer, how });
    };

    if (joins) {
      if (!existing) {
        await insertUser(tx, {
          id: userId,
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          verified: true,
          locale: origin.language ?? 'en',
          defaultTenantId: tenantId,
        });
      }
      await bind();
      await checkCustodianLimit(tx, tenantId, mapped === 'custodian' && member?.role !== 'custodian' ? 1 : 0);
      if (member) await setMembershipLogin(tx, userId, { ...login, role: mapped, status: 'enabled' });
      else {
        await insertMembership(tx, {
          tenantId,
          userId,
          role: mapped,
          status: 'enabled',
          userType: 'internal',
          ...login,
          profileShared: true,
        });
      }
      await log('user.joinedBySso', { userId, email: person.email, role: mapped });
      return mapped;
    }
    // A member, or someone new to Signet accepting their invitation by signing in.
    await bind();
    const current = member?.role ?? mapped;
    const next = current !== 'root' && mapsRoles(rule) ? mapped : current;
    if (next !== current) await checkCustodianLimit(tx, tenantId, next === 'custodian' ? 1 : 0);
    await setMembershipLogin(tx, userId, { ...login, role: next, ...(pending ? { status: 'enabled' } : {}) });
    if (pending) await log('user.invitationAccepted', { userId, how: 'sso' });
    if (next !== current) await log('user.roleChanged', { userId, from: current, to: next, how: 'sso' });
    return next;
  });
  const user = existing ?? (await findUserByEmail(deps.db.system, person.email));
  if (!user) throw new Error('the member just admitted has no account');
  return { user, role: role as TokenResponse['user']['role'] };
}
