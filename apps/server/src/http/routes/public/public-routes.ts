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
import { linkPreviewPicture } from '../../../domain/epaks/link-preview.ts';
import { readiness } from '../../../domain/operations/readiness.ts';
import { brandLogo } from '../../../domain/tenants/branding.ts';
import { passwordPolicyOf, publicConfiguration } from '../../../domain/tenants/configuration.ts';
import { viewSwitchLocation } from '../../../domain/ui/view-switch.ts';
import { userType } from '../../../domain/users/user-type.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Public'];

const ReadinessCheckSchema = z.object({
  ok: z.boolean(),
  ms: z.number().int().describe('How long the check took, in milliseconds'),
});
const ReadinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    database: ReadinessCheckSchema,
    migrations: ReadinessCheckSchema,
    storage: ReadinessCheckSchema,
  }),
});

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
    method: ['GET', 'HEAD'],
    url: '/public/ready',
    operationId: 'checkReady',
    auth: 'public',
    summary:
      'Readiness: 200 when the database answers, its migrations are applied and blob storage takes a write; 503 (-1601, the same checks as data) when one fails',
    tags,
    errors: [503],
    response: ReadinessSchema,
    handler: ({ deps }) => readiness(deps),
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
  defineRawRoute({
    method: 'GET',
    url: '/public/easysign/:easyToken/first-page',
    operationId: 'getEasySignFirstPage',
    auth: 'public',
    summary:
      "The first page of an easy-sign link's document as a WebP picture, shown before the app loads (-42 when the link shows none)",
    tags,
    params: z.object({ easyToken: z.string().min(1).max(200) }),
    produces: 'image/webp',
    raw: true,
    handler: async ({ params, deps, reply }) =>
      reply
        .header('content-type', 'image/webp')
        // The link's own browser may keep it while the signer is on the page; no shared cache may.
        .header('cache-control', 'private, max-age=600')
        .header('x-content-type-options', 'nosniff')
        .send(await linkPreviewPicture(params.easyToken, deps)),
  }),
];
