import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../constants.ts';
import { Role, TenantRole } from '../roles.ts';
import { UserLoginType, UserStatus, UserType } from '../statuses.ts';
import { BooleanishSchema, IdSchema, NumberishSchema, pageOf } from './envelope.ts';
import { text } from './text.ts';

export const EmailSchema = text()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .regex(EMAIL_PATTERN, 'Not a valid email address');
const NameSchema = text().trim().max(100);

/** One entry of a user's `userTenantList` (spec §3). */
export const UserTenantSchema = z.object({
  tenantUuid: text(),
  tenantName: text(),
  userRole: z.enum(TenantRole),
  userLoginType: z.enum(UserLoginType),
  userTenantSSOEntityId: text().nullable(),
  status: z.enum(UserStatus),
});
export type UserTenant = z.infer<typeof UserTenantSchema>;

/** The User entity of spec §3 as the client sees it. */
export const UserSchema = z.object({
  id: text(),
  uuid: text(),
  firstName: text(),
  middleName: text(),
  lastName: text(),
  title: text(),
  email: text(),
  role: z.enum(Role),
  type: z.enum(UserType),
  status: z.enum(UserStatus),
  verified: z.boolean(),
  userImage: text().nullable(),
  userImageType: text().nullable(),
  userTenantList: z.array(UserTenantSchema),
  locale: text(),
  timezone: text(),
  dateFormat: text(),
  passcodeFlag: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** A short form used in lists and pickers. */
export const UserRefSchema = z.object({
  id: text(),
  email: text(),
  firstName: text(),
  middleName: text(),
  lastName: text(),
  role: z.enum(TenantRole),
  type: z.enum(UserType),
  status: z.enum(UserStatus),
  verified: z.boolean(),
});
export type UserRef = z.infer<typeof UserRefSchema>;

export const InviteUserSchema = z.object({
  email: EmailSchema,
  firstName: NameSchema.min(1),
  middleName: NameSchema.default(''),
  lastName: NameSchema.min(1),
  title: NameSchema.default(''),
  role: z.enum(TenantRole).default('signer'),
  type: z.enum(UserType).optional(),
});
export type InviteUser = z.infer<typeof InviteUserSchema>;

export const InviteResultSchema = z.object({ user: UserRefSchema, invited: z.boolean() });

export const CsvInviteRowResultSchema = z.object({
  row: z.number().int(),
  email: text(),
  code: z.number().int(),
  message: text(),
});
export const CsvInviteResultSchema = z.object({
  invited: z.number().int(),
  failed: z.number().int(),
  rows: z.array(CsvInviteRowResultSchema),
});

export const UserListQuerySchema = z.object({
  search: text().trim().max(100).optional(),
  limit: NumberishSchema.pipe(z.number().int().min(1).max(200)).default(50),
});

export const LookupUsersSchema = z.object({
  usernames: z.array(text().trim().toLowerCase()).min(1).max(500),
});
export const LookupUsersResultSchema = z.object({
  users: z.array(UserRefSchema),
  notFound: z.array(text()),
});

export const FilteredUsersQuerySchema = z.object({
  pg: NumberishSchema.pipe(z.number().int().min(1)).default(1),
  size: NumberishSchema.pipe(z.number().int().min(1).max(200)).default(20),
  /** `<column>,<asc|desc>` with column firstName, lastName, email, role, status or createdOn. */
  sort: text()
    .regex(/^(firstName|lastName|email|role|status|createdOn)(,(asc|desc|ASC|DESC))?$/)
    .default('firstName,asc'),
  filter: text().trim().max(100).optional(),
  type: z.enum(UserType).optional(),
  /** `verified` or `unverified`; anything else lists both. */
  validation: z.enum(['verified', 'unverified', 'all']).default('all'),
  /** Only members with this role in the tenant. */
  role: z.enum(TenantRole).optional(),
  /** Only members whose membership has this status (`expired`/`resetpassword` are password states: enabled members). */
  status: z.enum(UserStatus).optional(),
});
export type FilteredUsersQuery = z.infer<typeof FilteredUsersQuerySchema>;
/** A member in the admin's list: with their last sign-in to this tenant (null: never). */
export const FilteredUserSchema = UserRefSchema.extend({ lastSignInAt: z.iso.datetime().nullable() });
export type FilteredUser = z.infer<typeof FilteredUserSchema>;
export const FilteredUsersSchema = pageOf(FilteredUserSchema, 'users');

export const UserByEmailQuerySchema = z.object({ email: EmailSchema });
export const UserPathSchema = z.object({ userId: IdSchema });
export const UserWithImagesPathSchema = z.object({ userId: IdSchema, includeImages: BooleanishSchema });

export const UpdateRolesSchema = z.object({
  users: z
    .array(z.object({ userId: IdSchema, role: z.enum(TenantRole) }))
    .min(1)
    .max(500),
});

export const SetAdminSchema = z.object({ admin: BooleanishSchema.default(true) });

export const ProfileUpdateSchema = z.object({
  firstName: NameSchema.min(1).optional(),
  middleName: NameSchema.optional(),
  lastName: NameSchema.min(1).optional(),
  title: NameSchema.optional(),
  locale: text().trim().max(10).optional(),
  timezone: text().trim().max(64).optional(),
  dateFormat: text().trim().max(32).optional(),
  /** Base64 image (png or jpeg), at most 1 MB decoded. */
  userImage: text().max(1_400_000).optional(),
  userImageType: z.enum(['image/png', 'image/jpeg']).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const PhotoSchema = z.object({
  userImage: text().nullable(),
  userImageType: text().nullable(),
});

export const UserStatisticsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(text(), z.number().int()),
  byRole: z.record(text(), z.number().int()),
  byType: z.record(text(), z.number().int()),
  custodianLimit: z.number().int().nullable(),
});

export const UserTypeQuerySchema = z.object({ email: EmailSchema });
export const UserTypeResultSchema = z.object({
  exists: z.boolean(),
  type: z.enum(UserType).nullable(),
  userLoginType: z.enum(UserLoginType).nullable(),
});
