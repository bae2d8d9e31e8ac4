import {
  CreateTenantSchema,
  PlatformSettingsPatchSchema,
  PlatformSettingsSchema,
  RegisterSuperAdminSchema,
  SuperAdminSchema,
  TenantPathSchema,
  TenantSchema,
  UpdateSuperAdminStatusSchema,
  UpdateTenantSchema,
} from '@signet/contracts';
import { z } from 'zod';
import {
  createTenant,
  listTenants,
  updateTenantAsSuperAdmin,
} from '../../../domain/tenants/manage-tenants.ts';
import { platformSettings, updatePlatformSettings } from '../../../domain/tenants/platform-settings.ts';
import {
  getAllSuperAdmins,
  registerSuperAdmin,
  updateSuperAdminStatus,
} from '../../../domain/tenants/super-admins.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Super admin'];

export const tenantRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v2/platform/settings',
    operationId: 'getPlatformSettings',
    auth: 'user',
    summary:
      'Super admin: whether anyone may sign up, and the licence and custodian limit new tenants start with',
    tags,
    response: PlatformSettingsSchema,
    handler: ({ actor, deps }) => platformSettings(actor, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/platform/settings',
    operationId: 'updatePlatformSettings',
    auth: 'user',
    summary: 'Super admin: changes any of the platform settings',
    tags,
    body: PlatformSettingsPatchSchema,
    response: PlatformSettingsSchema,
    handler: ({ body, actor, deps }) => updatePlatformSettings(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/user/getAllSuperadmins',
    operationId: 'listSuperAdmins',
    auth: 'user',
    summary: 'All super admins',
    tags,
    response: z.array(SuperAdminSchema),
    handler: ({ actor, deps }) => getAllSuperAdmins(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/user/registerAsSuperadmin',
    operationId: 'addSuperAdmin',
    accountWide: false,
    auth: 'user',
    summary: 'Makes a person a super admin',
    tags,
    body: RegisterSuperAdminSchema,
    response: SuperAdminSchema,
    handler: ({ body, actor, deps }) => registerSuperAdmin(actor, body, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/user/updateSuperadminStatus',
    operationId: 'setSuperAdminStatus',
    accountWide: false,
    auth: 'user',
    summary: 'Enables or disables a super admin',
    tags,
    body: UpdateSuperAdminStatusSchema,
    response: SuperAdminSchema,
    handler: ({ body, actor, deps }) => updateSuperAdminStatus(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/tenants',
    operationId: 'listTenants',
    auth: 'user',
    summary: 'All tenants (super admin)',
    tags,
    response: z.array(TenantSchema),
    handler: ({ actor, deps }) => listTenants(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/tenants',
    operationId: 'createTenant',
    auth: 'user',
    summary: 'Creates a tenant and invites its owner (-87 when the name exists)',
    tags,
    body: CreateTenantSchema,
    response: TenantSchema,
    handler: ({ body, actor, deps }) => createTenant(actor, body, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/tenants/:tenantId',
    operationId: 'setTenantStatus',
    auth: 'user',
    summary: 'Disables or re-activates a tenant, renames it (-87 when taken) or moves its licence end',
    tags,
    params: TenantPathSchema,
    body: UpdateTenantSchema,
    response: TenantSchema,
    handler: ({ params, body, actor, deps }) => updateTenantAsSuperAdmin(actor, params.tenantId, body, deps),
  }),
];
