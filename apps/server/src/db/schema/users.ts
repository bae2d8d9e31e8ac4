import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';
import { tenants } from './tenants.ts';

export type PasswordState = 'none' | 'set' | 'expired' | 'resetpassword';

/**
 * A person. Users are global (one account may belong to several tenants); what a user is in a
 * tenant lives in `user_tenants`. Row-level security shows the app role only users who are
 * members of the current tenant.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  passwordState: text('password_state').$type<PasswordState>().notNull().default('none'),
  passwordChangedAt: tstz('password_changed_at'),
  firstName: text('first_name').notNull().default(''),
  middleName: text('middle_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  title: text('title').notNull().default(''),
  locale: text('locale').notNull().default('en'),
  timezone: text('timezone').notNull().default('UTC'),
  dateFormat: text('date_format').notNull().default('DD MMM YYYY'),
  verified: boolean('verified').notNull().default(false),
  passcodeFlag: boolean('passcode_flag').notNull().default(false),
  /** The person's signing passcode (argon2id, like passwords); set iff `passcodeFlag`. Never returned. */
  passcodeHash: text('passcode_hash'),
  photo: text('photo'),
  photoType: text('photo_type'),
  /** The user's saved signature and initials (PNG, base64), reused when they sign. */
  signatureImage: text('signature_image'),
  initialsImage: text('initials_image'),
  defaultTenantId: uuid('default_tenant_id'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: tstz('locked_until'),
  superAdminStatus: text('super_admin_status').$type<'enabled' | 'disabled'>(),
  createdAt: createdAt(),
});

/** Membership: a user's role and status in one tenant (spec §3 `userTenantList`). */
export const userTenants = pgTable(
  'user_tenants',
  {
    tenantId: tenantId().references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    status: text('status').notNull(),
    userType: text('user_type').notNull().default('internal'),
    loginType: text('login_type').notNull().default('Email'),
    ssoEntityId: text('sso_entity_id'),
    invitedBy: uuid('invited_by'),
    /**
     * Whether this tenant may see the person's profile (names, title, verified). False while a
     * membership exists only because the tenant added someone who already had an account (an
     * invitation not yet accepted, or a recipient who has not worked in the tenant yet): a tenant
     * gets a person's profile only from a membership the person accepted.
     */
    profileShared: boolean('profile_shared').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), index('user_tenants_user').on(t.userId)],
);

export const groups = pgTable(
  'groups',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const groupMembers = pgTable(
  'group_members',
  {
    tenantId: tenantId(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    isManager: boolean('is_manager').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [groups.tenantId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [userTenants.tenantId, userTenants.userId],
    }),
  ],
);
