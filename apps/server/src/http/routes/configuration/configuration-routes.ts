import {
  AccessibilitiesQuerySchema,
  AccessibilitiesSchema,
  ActivityVerificationSchema,
  TenantConfigurationSchema,
  TenantSettingsPatchSchema,
} from '@signet/contracts';
import { verifyActivity } from '../../../domain/activity/verify-activity.ts';
import { accessibilities } from '../../../domain/tenants/accessibilities.ts';
import { tenantConfiguration, updateTenantSettings } from '../../../domain/tenants/configuration.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Configuration'];

export const configurationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/configuration',
    aliases: ['/v1/config'],
    operationId: 'getConfiguration',
    auth: 'user',
    // The signing view shows the tenant's features; the settings say nothing about ePaks.
    linkSession: true,
    summary: "The tenant's settings, feature flags and session parameters",
    tags,
    response: TenantConfigurationSchema,
    handler: ({ actor, deps }) => tenantConfiguration(actor, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/configuration',
    operationId: 'updateConfiguration',
    auth: 'user',
    summary: "Admin: changes the tenant's settings (any subset)",
    tags,
    body: TenantSettingsPatchSchema,
    response: TenantConfigurationSchema,
    handler: ({ body, actor, deps }) => updateTenantSettings(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/accessibilities',
    operationId: 'getAccessibilities',
    auth: 'user',
    summary: 'The routes, menus and permissions of the signed-in user in the current tenant',
    tags,
    querystring: AccessibilitiesQuerySchema,
    response: AccessibilitiesSchema,
    handler: ({ query, actor, deps }) => accessibilities(actor, query, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/activity/verify',
    operationId: 'verifyActivityLog',
    auth: 'user',
    summary: "Admin: recomputes the tenant's hash-chained activity log and says where it breaks",
    tags: ['Activity'],
    response: ActivityVerificationSchema,
    handler: ({ actor, deps }) => verifyActivity(actor, deps),
  }),
];
