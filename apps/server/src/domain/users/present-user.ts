import type { Role, TenantRole, User, UserRef, UserStatus, UserTenant, UserType } from '@signet/contracts';
import type { PasswordState } from '../../db/schema/index.ts';

interface UserFields {
  id: string;
  email: string;
  firstName: string;
  middleName: string;
  lastName: string;
  title: string;
  verified: boolean;
  passcodeFlag: boolean;
  locale: string;
  timezone: string;
  dateFormat: string;
  photo: string | null;
  photoType: string | null;
  passwordState: PasswordState;
}

interface MembershipFields {
  tenantId: string;
  tenantName: string;
  role: string;
  status: string;
  userType: string;
  loginType: string;
  ssoEntityId: string | null;
}

/**
 * The status a client sees: the membership's, except that an enabled member whose password must
 * be changed shows `expired` or `resetpassword` (spec §4 user statuses).
 */
export function effectiveStatus(membershipStatus: string, passwordState: PasswordState): UserStatus {
  if (membershipStatus === 'enabled' && (passwordState === 'expired' || passwordState === 'resetpassword')) {
    return passwordState;
  }
  return membershipStatus as UserStatus;
}

export function presentTenantEntry(m: MembershipFields, passwordState: PasswordState): UserTenant {
  return {
    tenantUuid: m.tenantId,
    tenantName: m.tenantName,
    userRole: m.role as TenantRole,
    userLoginType: m.loginType === 'SSO' ? 'SSO' : 'Email',
    userTenantSSOEntityId: m.ssoEntityId,
    status: effectiveStatus(m.status, passwordState),
  };
}

/**
 * The User entity for a client. `memberships` are the tenants the viewer may know about: all of
 * them for the user themself, only the current tenant for anyone else.
 */
export function presentUser(
  user: UserFields,
  memberships: readonly MembershipFields[],
  current: { role: Role; status: string; userType: string } | null,
  includeImages = false,
): User {
  return {
    id: user.id,
    uuid: user.id,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    title: user.title,
    email: user.email,
    role: current?.role ?? 'signer',
    type: (current?.userType ?? 'internal') as UserType,
    status: effectiveStatus(current?.status ?? 'enabled', user.passwordState),
    verified: user.verified,
    userImage: includeImages ? user.photo : null,
    userImageType: includeImages ? user.photoType : null,
    userTenantList: memberships.map((m) => presentTenantEntry(m, user.passwordState)),
    locale: user.locale,
    timezone: user.timezone,
    dateFormat: user.dateFormat,
    passcodeFlag: user.passcodeFlag,
  };
}

/**
 * The person as a tenant may see them: their profile only from a membership they accepted
 * (`profileShared`); before that, nothing but the email the tenant typed.
 */
export function visibleToTenant<U extends Partial<UserFields>>(
  user: U,
  membership: { profileShared?: boolean },
): U {
  if (membership.profileShared !== false) return user;
  return {
    ...user,
    firstName: '',
    middleName: '',
    lastName: '',
    title: '',
    verified: false,
    passcodeFlag: false,
    // Preferences are the person's too; the column defaults say nothing about them.
    locale: 'en',
    timezone: 'UTC',
    dateFormat: 'DD MMM YYYY',
    photo: null,
    photoType: null,
  } as U;
}

export function presentUserRef(
  user: Pick<
    UserFields,
    'id' | 'email' | 'firstName' | 'middleName' | 'lastName' | 'verified' | 'passwordState'
  >,
  membership: { role: string; status: string; userType: string; profileShared?: boolean },
): UserRef {
  const shown = visibleToTenant(user, membership);
  return {
    id: user.id,
    email: user.email,
    firstName: shown.firstName,
    middleName: shown.middleName,
    lastName: shown.lastName,
    role: membership.role as TenantRole,
    type: membership.userType as UserType,
    status: effectiveStatus(membership.status, user.passwordState),
    verified: shown.verified,
  };
}

export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
