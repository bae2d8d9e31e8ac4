import {
  Code,
  CsvInviteResultSchema,
  FilteredUsersQuerySchema,
  FilteredUsersSchema,
  InviteResultSchema,
  InviteUserSchema,
  LookupUsersResultSchema,
  LookupUsersSchema,
  OkSchema,
  PhotoSchema,
  ProfileUpdateSchema,
  SetAdminSchema,
  UpdateRolesSchema,
  UserByEmailQuerySchema,
  UserListQuerySchema,
  UserPathSchema,
  UserRefSchema,
  UserSchema,
  UserStatisticsSchema,
  UserTenantSchema,
  UserWithImagesPathSchema,
} from '@signet/contracts';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.ts';
import { adminResetPassword } from '../../../domain/users/admin-reset-password.ts';
import { csvInvite, csvInviteTemplate } from '../../../domain/users/csv-invite.ts';
import { getUser, getUserByEmail, getUserTenants } from '../../../domain/users/get-user.ts';
import { inviteUser } from '../../../domain/users/invite-user.ts';
import { filteredUsers, listUsers, lookupUsers } from '../../../domain/users/list-users.ts';
import { cancelInvitation, setMemberEnabled } from '../../../domain/users/membership-status.ts';
import { deletePhoto, getPhoto, updateProfile } from '../../../domain/users/update-profile.ts';
import { setAdmin, updateRoles } from '../../../domain/users/update-roles.ts';
import { userStatistics } from '../../../domain/users/user-statistics.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Users'];

export const userRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/users/invite',
    operationId: 'inviteUser',
    auth: 'user',
    summary: 'Invites a person to the tenant (mail with a set-password link)',
    tags,
    body: InviteUserSchema,
    response: InviteResultSchema,
    handler: ({ body, actor, deps }) => inviteUser(actor, body, deps),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/users/csvInvite',
    operationId: 'getInviteCsvTemplate',
    auth: 'user',
    summary: 'The CSV template for inviting many users',
    tags,
    produces: 'text/csv',
    raw: true,
    handler: async ({ actor, reply }) => {
      const template = csvInviteTemplate(actor);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="invite-users.csv"')
        .send(template);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/users/csvInvite',
    operationId: 'inviteUsersFromCsv',
    multipart: { file: 'file' },
    auth: 'user',
    summary:
      'Invites every row of an uploaded CSV (multipart field "file"); -222 with per-row results when some fail',
    tags,
    response: CsvInviteResultSchema,
    handler: ({ request, actor, deps }) =>
      csvInvite(
        actor,
        async () => {
          const file = request.isMultipart() ? await request.file() : undefined;
          if (!file) throw new AppError(Code.EMPTY_FILE, 'Upload the CSV file as multipart field "file"');
          return (await file.toBuffer()).toString('utf8');
        },
        deps,
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users',
    operationId: 'listUsers',
    auth: 'user',
    summary: "The tenant's users, optionally matching a search",
    tags,
    querystring: UserListQuerySchema,
    response: z.object({ users: z.array(UserRefSchema) }),
    handler: ({ query, actor, deps }) => listUsers(actor, query, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users',
    operationId: 'lookUpUsers',
    auth: 'user',
    summary: 'Looks several usernames (emails) up at once',
    tags,
    body: LookupUsersSchema,
    response: LookupUsersResultSchema,
    handler: ({ body, actor, deps }) => lookupUsers(actor, body.usernames, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/filteredusers',
    operationId: 'listFilteredUsers',
    auth: 'user',
    summary: 'Paged, sorted and filtered users (pg, size, sort, filter, type, validation)',
    tags,
    querystring: FilteredUsersQuerySchema,
    response: FilteredUsersSchema,
    handler: ({ query, actor, deps }) => filteredUsers(actor, query, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/user',
    operationId: 'getUserByEmail',
    auth: 'user',
    summary: 'A user of the tenant by email',
    tags,
    querystring: UserByEmailQuerySchema,
    response: UserSchema,
    handler: ({ query, actor, deps }) => getUserByEmail(actor, query.email, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users/statistics',
    operationId: 'getUserStatistics',
    auth: 'user',
    summary: 'User counts by status, role and type',
    tags,
    response: UserStatisticsSchema,
    handler: ({ actor, deps }) => userStatistics(actor, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users/:userId/:includeImages',
    operationId: 'getUser',
    auth: 'user',
    summary: 'A user of the tenant, with photo when includeImages is true',
    tags,
    params: UserWithImagesPathSchema,
    response: UserSchema,
    handler: ({ params, actor, deps }) => getUser(actor, params.userId, params.includeImages, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/users/:userId/tenants',
    operationId: 'listUserTenants',
    auth: 'user',
    summary: "The user's own tenants (userTenantList)",
    tags,
    params: UserPathSchema,
    response: z.array(UserTenantSchema),
    handler: ({ params, actor, deps }) => getUserTenants(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/users/roles',
    operationId: 'updateUserRoles',
    auth: 'user',
    summary: 'Changes several roles at once, all or none (-226)',
    tags,
    body: UpdateRolesSchema,
    response: z.object({ updated: z.number().int() }),
    handler: ({ body, actor, deps }) => updateRoles(actor, body.users, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users/:userId/admin',
    operationId: 'setUserAdmin',
    auth: 'user',
    summary: 'Makes a user an admin (admin=false makes them a custodian)',
    tags,
    params: UserPathSchema,
    body: SetAdminSchema.optional().default({ admin: true }),
    response: z.object({ updated: z.number().int() }),
    handler: ({ params, body, actor, deps }) => setAdmin(actor, params.userId, body.admin, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users/profile',
    operationId: 'updateProfile',
    auth: 'user',
    summary: "Updates the signed-in user's profile",
    tags,
    body: ProfileUpdateSchema,
    response: UserSchema,
    handler: ({ body, actor, deps }) => updateProfile(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users/:userId/photo',
    operationId: 'getUserPhoto',
    auth: 'user',
    summary: "A user's photo (base64)",
    tags,
    params: UserPathSchema,
    response: PhotoSchema,
    handler: ({ params, actor, deps }) => getPhoto(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/users/:userId/photo',
    operationId: 'deleteUserPhoto',
    auth: 'user',
    summary: "Removes a user's photo (the user, or an admin)",
    tags,
    params: UserPathSchema,
    response: PhotoSchema,
    handler: ({ params, actor, deps }) => deletePhoto(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users/:userId/password/reset',
    operationId: 'resetUserPassword',
    auth: 'user',
    summary:
      'Admin: mails the member a set-password link (-227 after five a day); their password and sessions stay until they use it',
    tags,
    params: UserPathSchema,
    response: OkSchema,
    handler: ({ params, actor, deps }) => adminResetPassword(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/users/:userId/invitation',
    operationId: 'cancelInvitation',
    auth: 'user',
    summary: 'Cancels an open invitation (-34 accepted, -35 not pending, -173 already cancelled)',
    tags,
    params: UserPathSchema,
    response: OkSchema,
    handler: ({ params, actor, deps }) => cancelInvitation(actor, params.userId, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/users/:userId/status',
    operationId: 'setUserStatus',
    auth: 'user',
    summary: 'Disables or re-enables a member of the tenant',
    tags,
    params: UserPathSchema,
    body: z.object({ status: z.enum(['enabled', 'disabled']) }),
    response: OkSchema,
    handler: ({ params, body, actor, deps }) =>
      setMemberEnabled(actor, params.userId, body.status === 'enabled', deps),
  }),
];
