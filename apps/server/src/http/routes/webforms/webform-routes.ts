import {
  CreateWebformQuerySchema,
  ListWebformsQuerySchema,
  OkSchema,
  UpdateWebformQuerySchema,
  WebformApiQuerySchema,
  WebformApiSchema,
  WebformMappingSchema,
  WebformPathSchema,
  WebformPostBodySchema,
  WebformPostPathSchema,
  WebformPostQuerySchema,
  WebformSubmissionSchema,
  WebformTargetsSchema,
} from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createWebformMapping,
  deleteWebformMapping,
  listWebformMappings,
  updateWebformMapping,
} from '../../../domain/webforms/manage-webforms.ts';
import { submitWebform } from '../../../domain/webforms/submit-webform.ts';
import { generateWebformApi } from '../../../domain/webforms/webform-api.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Web forms'];
const GENERATE_URL = '/v2/generatewebformapi';

/** The API's base URL as the admin called it (`/msbapi` or an older prefix) on the app's address. */
function apiUrlOf(request: FastifyRequest, appUrl: string): string {
  const routeUrl = request.routeOptions.url ?? GENERATE_URL;
  return `${appUrl.replace(/\/$/, '')}${routeUrl.slice(0, routeUrl.length - GENERATE_URL.length)}`;
}

export const webformRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v2/webform',
    operationId: 'listWebformMappings',
    auth: 'user',
    summary:
      "The tenant's web-form mappings (admin; the web-form setting must be on), filtered by documentId, workflowId or name",
    tags,
    querystring: ListWebformsQuerySchema,
    // -1 while the tenant's web-form setting is off.
    errors: [409],
    response: z.object({ mappings: z.array(WebformMappingSchema) }),
    handler: ({ query, actor, deps }) =>
      listWebformMappings(
        actor,
        { documentTemplateId: query.documentId, workflowTemplateId: query.workflowId, name: query.name },
        deps,
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/webform',
    operationId: 'createWebformMapping',
    auth: 'user',
    summary:
      'Maps an HTML form to a document template (documentId) and workflow (workflowId, `none`: the template’s own): htmlInputFilenames comma separated; the body says what each input fills (an input named like a template field fills it)',
    tags,
    querystring: CreateWebformQuerySchema,
    body: WebformTargetsSchema.nullish(),
    response: WebformMappingSchema,
    handler: ({ query, body, actor, deps }) => createWebformMapping(actor, query, body ?? {}, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/webform',
    operationId: 'updateWebformMapping',
    auth: 'user',
    summary:
      'Changes a web-form mapping (mappingId); the parameters given change, and the admin saving it becomes its sender',
    tags,
    querystring: UpdateWebformQuerySchema,
    errors: [404],
    body: WebformTargetsSchema.nullish(),
    response: WebformMappingSchema,
    handler: ({ query, body, actor, deps }) => updateWebformMapping(actor, query, body ?? {}, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v2/webform/:mappingId',
    operationId: 'deleteWebformMapping',
    auth: 'user',
    summary: 'Deletes a web-form mapping (-183 when it has composed ePaks)',
    tags,
    params: WebformPathSchema,
    response: OkSchema,
    handler: ({ params, actor, deps }) => deleteWebformMapping(actor, params.mappingId, deps),
  }),
  defineRoute({
    method: 'GET',
    url: GENERATE_URL,
    operationId: 'generateWebformApi',
    auth: 'user',
    summary:
      'What a site needs to post a mapped form: URL with its key, inputs, an HTML form and a JSON example; regenerate=true replaces the key',
    tags,
    querystring: WebformApiQuerySchema,
    errors: [404, 409],
    response: WebformApiSchema,
    handler: ({ query, actor, deps, request }) =>
      generateWebformApi(
        actor,
        {
          mappingId: query.mappingId,
          regenerate: query.regenerate === 'true',
          apiUrl: apiUrlOf(request, deps.settings.appUrl),
        },
        deps,
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/public/webform/:tenantId/:mappingId',
    operationId: 'submitWebform',
    parsedBody: { schema: WebformPostBodySchema, as: ['form', 'json'] },
    auth: 'public',
    summary:
      'A site’s form post (form or JSON, the mapping’s key in `key`): composes an ePak from the mapping and starts it',
    tags,
    params: WebformPostPathSchema,
    querystring: WebformPostQuerySchema,
    response: WebformSubmissionSchema,
    rateLimited: true,
    // -45 (401) for an unknown mapping or a wrong key.
    errors: [401],
    handler: ({ params, query, request, origin, deps }) =>
      submitWebform(params, query.key, WebformPostBodySchema.parse(request.body ?? {}), origin, deps),
  }),
];
