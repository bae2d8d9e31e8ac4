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

/** `GET /v1/configuration` and, under its short name, `GET /v1/config`: both are spec §7 paths, so both are documented. */
const readConfiguration = (url: string, operationId: string, summary: string) =>
  defineRoute({
    method: 'GET',
    url,
    operationId,
    auth: 'user',
    // The signing view shows the tenant's features; the settings say nothing about ePaks.
    linkSession: true,
    summary,
    tags,
    response: TenantConfigurationSchema,
    handler: ({ actor, deps }) => tenantConfiguration(actor, deps),
  });

export const configurationRoutes = [
  readConfiguration(
    '/v1/configuration',
    'getConfiguration',
    "The tenant's settings, feature flags and session parameters",
  ),
  readConfiguration(
    '/v1/config',
    'getConfigurationShort',
    'The same as GET /v1/configuration, under the short path older clients call',
  ),
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
