import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants.ts';
import { Role, TenantRole } from '../roles.ts';
import { UserLoginType, UserStatus, UserType } from '../statuses.ts';
import { BooleanishSchema, IdSchema, NumberishSchema, pageOf } from './envelope.ts';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(EMAIL_PATTERN, 'Not a valid email address');
const NameSchema = z.string().trim().max(100);

/** One entry of a user's `userTenantList` (spec §3). */
export const UserTenantSchema = z.object({
  tenantUuid: z.string(),
  tenantName: z.string(),
  userRole: z.enum(TenantRole),
  userLoginType: z.enum(UserLoginType),
  userTenantSSOEntityId: z.string().nullable(),
  status: z.enum(UserStatus),
});
export type UserTenant = z.infer<typeof UserTenantSchema>;

/** The User entity of spec §3 as the client sees it. */
export const UserSchema = z.object({
  id: z.string(),
  uuid: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  title: z.string(),
  email: z.string(),
  role: z.enum(Role),
  type: z.enum(UserType),
  status: z.enum(UserStatus),
  verified: z.boolean(),
  userImage: z.string().nullable(),
  userImageType: z.string().nullable(),
  userTenantList: z.array(UserTenantSchema),
  locale: z.string(),
  timezone: z.string(),
  dateFormat: z.string(),
  passcodeFlag: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** A short form used in lists and pickers. */
export const UserRefSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
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
  email: z.string(),
  code: z.number().int(),
  message: z.string(),
});
export const CsvInviteResultSchema = z.object({
  invited: z.number().int(),
  failed: z.number().int(),
  rows: z.array(CsvInviteRowResultSchema),
});

export const UserListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: NumberishSchema.pipe(z.number().int().min(1).max(200)).default(50),
});

export const LookupUsersSchema = z.object({
  usernames: z.array(z.string().trim().toLowerCase()).min(1).max(500),
});
export const LookupUsersResultSchema = z.object({
  users: z.array(UserRefSchema),
  notFound: z.array(z.string()),
});

export const FilteredUsersQuerySchema = z.object({
  pg: NumberishSchema.pipe(z.number().int().min(1)).default(1),
  size: NumberishSchema.pipe(z.number().int().min(1).max(200)).default(20),
  /** `<column>,<asc|desc>` with column firstName, lastName, email, role, status or createdOn. */
  sort: z
    .string()
    .regex(/^(firstName|lastName|email|role|status|createdOn)(,(asc|desc|ASC|DESC))?$/)
    .default('firstName,asc'),
  filter: z.string().trim().max(100).optional(),
  type: z.enum(UserType).optional(),
  /** `verified` or `unverified`; anything else lists both. */
  validation: z.enum(['verified', 'unverified', 'all']).default('all'),
});
export type FilteredUsersQuery = z.infer<typeof FilteredUsersQuerySchema>;
export const FilteredUsersSchema = pageOf(UserRefSchema, 'users');

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
  locale: z.string().trim().max(10).optional(),
  timezone: z.string().trim().max(64).optional(),
  dateFormat: z.string().trim().max(32).optional(),
  /** Base64 image (png or jpeg), at most 1 MB decoded. */
  userImage: z.string().max(1_400_000).optional(),
  userImageType: z.enum(['image/png', 'image/jpeg']).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const PhotoSchema = z.object({
  userImage: z.string().nullable(),
  userImageType: z.string().nullable(),
});

export const UserStatisticsSchema = z.object({
  total: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
  byRole: z.record(z.string(), z.number().int()),
  byType: z.record(z.string(), z.number().int()),
  custodianLimit: z.number().int().nullable(),
});

export const UserTypeQuerySchema = z.object({ email: EmailSchema });
export const UserTypeResultSchema = z.object({
  exists: z.boolean(),
  type: z.enum(UserType).nullable(),
  userLoginType: z.enum(UserLoginType).nullable(),
});
