import {
  BrandLogoPathSchema,
  BrandLogoQuerySchema,
  PasswordPolicyQuerySchema,
  PasswordPolicySchema,
  PublicConfigurationSchema,
  UiSwitchBodySchema,
  UserTypeQuerySchema,
  UserTypeResultSchema,
} from '@signet/contracts';
import { z } from 'zod';
import { brandLogo } from '../../../domain/tenants/branding.ts';
import { passwordPolicyOf, publicConfiguration } from '../../../domain/tenants/configuration.ts';
import { viewSwitchLocation } from '../../../domain/ui/view-switch.ts';
import { userType } from '../../../domain/users/user-type.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Public'];

export const publicRoutes = [
  defineRoute({
    method: ['GET', 'HEAD'],
    url: '/public/alive',
    operationId: 'checkAlive',
    auth: 'public',
    summary: 'Liveness: answers 200 while the server accepts requests',
    tags,
    response: z.object({ alive: z.literal(true) }),
    handler: () => ({ alive: true as const }),
  }),
  defineRoute({
    method: 'GET',
    url: '/public/configuration',
    operationId: 'getPublicConfiguration',
    auth: 'public',
    summary: 'What the sign-in page needs: languages, sign-up, announcement',
    tags,
    response: PublicConfigurationSchema,
    handler: ({ deps }) => publicConfiguration(deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/public/usertype',
    operationId: 'getUserType',
    auth: 'public',
    summary: 'Whether an email has an account, and its type and login type',
    tags,
    querystring: UserTypeQuerySchema,
    response: UserTypeResultSchema,
    rateLimited: true,
    handler: ({ query, deps }) => userType(query.email, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/public/passwordpolicy',
    operationId: 'getPasswordPolicy',
    auth: 'public',
    summary: "A tenant's password rules (the default rules without tenantId)",
    tags,
    querystring: PasswordPolicyQuerySchema,
    response: PasswordPolicySchema,
    handler: ({ query, deps }) => passwordPolicyOf(query.tenantId, deps),
  }),
  defineRawRoute({
    method: 'POST',
    url: '/public/ui/switch',
    operationId: 'switchView',
    auth: 'public',
    summary: 'A form post that switches the web app to the new (or classic) view, then opens a page of it',
    tags,
    parsedBody: { schema: UiSwitchBodySchema, as: ['form', 'json'] },
    produces: 'text/html',
    redirects: true,
    raw: true,
    handler: async ({ request, reply }) =>
      reply.redirect(viewSwitchLocation(UiSwitchBodySchema.parse(request.body ?? {})), 303),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/public/branding/:tenantId/logo',
    operationId: 'getBrandLogo',
    auth: 'public',
    summary: "A tenant's logo (PNG, JPEG or WebP); kept for good by browsers when asked with its version",
    tags,
    params: BrandLogoPathSchema,
    querystring: BrandLogoQuerySchema,
    produces: 'image/png',
    raw: true,
    handler: async ({ params, query, deps, reply }) => {
      const logo = await brandLogo(params.tenantId, query.v, deps);
      return reply
        .header('content-type', logo.mime)
        .header('cache-control', logo.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  }),
];
