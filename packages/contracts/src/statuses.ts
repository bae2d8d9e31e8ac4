/** Value sets of spec §4. Each is a tuple (for zod enums) and a type of the same name. */

export const UserStatus = [
  'admininvited',
  'invitewithdelegation',
  'enabled',
  'expired',
  'admininviteexpired',
  'delegationinviteexpired',
  'resetpassword',
  'cancelInvitation',
  // Not in the spec's list, which has code -13 but no status for it: an admin disabled the
  // user's membership of the tenant.
  'disabled',
] as const;
export type UserStatus = (typeof UserStatus)[number];

/** Statuses of a membership whose invitation is still open. */
export const PENDING_INVITE_STATUSES: readonly UserStatus[] = ['admininvited', 'invitewithdelegation'];

export const UserType = ['internal', 'external'] as const;
export type UserType = (typeof UserType)[number];

export const UserLoginType = ['Email', 'SSO'] as const;
export type UserLoginType = (typeof UserLoginType)[number];

export const Folder = [
  'Inbox',
  'Rejected',
  'Signed',
  'Pending',
  'Stopped',
  'Completed',
  'Draft',
  'Delegated',
  'Deleted',
  'Reviewed',
  'Expired',
  'Archived',
] as const;
export type Folder = (typeof Folder)[number];

export const SignerStatus = [
  'Reviewed',
  'Signed',
  'Pending',
  'Delegated',
  'DelegatePending',
  'Rejected',
  'Emailed',
  'NotRequired',
  'Skipped',
] as const;
export type SignerStatus = (typeof SignerStatus)[number];

export const DocumentStatus = [
  'Signed',
  'Rejected',
  'Delegated',
  'Reviewed',
  'PssSigned',
  'PssRejected',
  'Uploaded',
  'Active',
] as const;
export type DocumentStatus = (typeof DocumentStatus)[number];

export const StepType = ['REVIEW', 'SIGN', 'EMAIL', 'INPERSONSIGN'] as const;
export type StepType = (typeof StepType)[number];

export const StampPaperStatus = ['AVAILABLE', 'CONSUMED', 'DRAFT', 'EPAK'] as const;
export type StampPaperStatus = (typeof StampPaperStatus)[number];

export const TeamRoomStatus = ['ENABLED', 'TRASH'] as const;
export type TeamRoomStatus = (typeof TeamRoomStatus)[number];

export const BulkSignStatus = ['SIGNED', 'SKIPPED'] as const;
export type BulkSignStatus = (typeof BulkSignStatus)[number];

export const ProcessStatus = ['TRUE', 'FALSE', 'CURRENT'] as const;
export type ProcessStatus = (typeof ProcessStatus)[number];

export const GeolocationMode = ['OFF', 'OPTIONAL', 'MANDATORY'] as const;
export type GeolocationMode = (typeof GeolocationMode)[number];

export const SuperAdminStatus = ['enabled', 'disabled'] as const;
export type SuperAdminStatus = (typeof SuperAdminStatus)[number];
