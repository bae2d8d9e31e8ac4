import {
  AuthorizeRequestSchema,
  AuthorizeResponseSchema,
  CallbackDeliverySchema,
  CallbackListQuerySchema,
  EasySignLinksSchema,
  IdSchema,
  OAuthClientInputSchema,
  OAuthClientSchema,
  OAuthClientUpdateSchema,
} from '@signet/contracts';
import { z } from 'zod';
import { listEasySignLinks } from '../../../domain/epaks/easy-sign-links.ts';
import { issueAuthorizationCode } from '../../../domain/integrations/authorization-code.ts';
import { listCallbacks } from '../../../domain/integrations/callbacks.ts';
import {
  createClient,
  listClients,
  removeClient,
  updateClient,
} from '../../../domain/integrations/oauth-clients.ts';
import { defineRoute, withMetadata } from '../../route.ts';

const tags = ['Integrations'];
const ClientPath = z.object({ id: IdSchema });

export const integrationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/oauthclients',
    operationId: 'listOAuthClients',
    auth: 'user',
    summary: 'The OAuth clients of the tenant’s integrations (admin)',
    tags,
    response: z.array(OAuthClientSchema),
    handler: ({ actor, deps }) => listClients(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/oauthclients',
    operationId: 'createOAuthClient',
    auth: 'user',
    summary: 'Registers an OAuth client; its secret is answered this once (admin)',
    tags,
    body: OAuthClientInputSchema,
    response: OAuthClientSchema,
    handler: ({ body, actor, deps }) => createClient(actor, body, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/oauthclients/:id',
    operationId: 'updateOAuthClient',
    auth: 'user',
    summary: 'Changes an OAuth client; regenerateSecret answers a new secret once (admin)',
    tags,
    params: ClientPath,
    body: OAuthClientUpdateSchema,
    response: OAuthClientSchema,
    handler: ({ params, body, actor, deps }) => updateClient(actor, params.id, body, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/oauthclients/:id',
    operationId: 'deleteOAuthClient',
    auth: 'user',
    summary: 'Removes an OAuth client; its sessions stop refreshing (admin)',
    tags,
    params: ClientPath,
    response: z.object({ deleted: z.boolean() }),
    handler: async ({ params, actor, deps }) => {
      await removeClient(actor, params.id, deps);
      return { deleted: true };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/oauth/authorize',
    operationId: 'authorizeIntegration',
    auth: 'user',
    summary:
      'The signed-in user lets a registered integration act for them: answers where to redirect, with a code',
    tags,
    body: AuthorizeRequestSchema,
    response: AuthorizeResponseSchema,
    handler: ({ body, actor, deps }) => issueAuthorizationCode(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/callbacks',
    operationId: 'listCallbacks',
    auth: 'user',
    summary: 'Completion callbacks owed to integrations, newest first, with every attempt (admin)',
    tags,
    querystring: CallbackListQuerySchema,
    response: z.array(CallbackDeliverySchema),
    metadata: z.object({ totalCount: z.number().int(), pg: z.number().int(), pageSize: z.number().int() }),
    handler: async ({ query, actor, deps }) => {
      const page = await listCallbacks(actor, query, deps);
      return withMetadata(page.data, page.metadata);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks/easysignlinks/:ePakId',
    operationId: 'listEasySignLinks',
    auth: 'user',
    summary: 'Each recipient’s easy-sign link and status (the ePak’s owner or an admin)',
    tags,
    params: z.object({ ePakId: IdSchema }),
    response: EasySignLinksSchema,
    handler: ({ params, actor, deps }) => listEasySignLinks(actor, params.ePakId, deps),
  }),
];
