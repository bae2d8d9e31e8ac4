import type { SwaggerTransformObject } from '@fastify/swagger';
import { ErrorEnvelopeSchema } from '@signet/contracts';
import { z } from 'zod';
import {
  type ErrorStatus,
  errorResponseComponents,
  errorResponseRef,
  errorStatusesOf,
} from './openapi-errors.ts';
import type { AnyRoute } from './route.ts';

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, unknown>;
}
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;

/**
 * Completes the document @fastify/swagger builds from the route schemas with what the routes
 * declare beside them: each operation's error answers (the shared envelope), the files that
 * downloads answer, and no HEAD twins of GETs (Fastify answers HEAD for every GET; a second
 * operation under the same operationId would break generated clients).
 */
export function finishOpenApi(routes: readonly AnyRoute[]): SwaggerTransformObject {
  const byId = new Map(routes.map((route) => [route.operationId, route]));
  return (document) => {
    const source = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
    const doc = structuredClone(source) as Json & { paths?: Record<string, Json>; components?: Json };
    const used = new Set<ErrorStatus>();
    for (const item of Object.values(doc.paths ?? {})) {
      delete item.head;
      for (const method of METHODS) {
        const op = item[method] as Operation | undefined;
        const route = op?.operationId ? byId.get(op.operationId) : undefined;
        if (!op || !route) continue;
        op.responses ??= {};
        if (route.multipart || route.parsedBody) op.requestBody = parsedRequestBody(route);
        if ('raw' in route && route.redirects) {
          delete op.responses['200'];
          op.responses['303'] = {
            description: 'Opens the page in `Location`',
            headers: { Location: { schema: { type: 'string' } } },
          };
        } else if ('raw' in route) {
          op.responses['200'] = {
            description: 'The file',
            content: { [route.produces]: { schema: BINARY } },
          };
        }
        for (const status of errorStatusesOf(route)) {
          op.responses[String(status)] = errorResponseRef(status);
          used.add(status);
        }
      }
    }
    const components = (doc.components ?? {}) as Json & { schemas?: Json };
    doc.components = {
      ...components,
      schemas: { ...components.schemas, ErrorEnvelope: errorEnvelopeSchema() },
      responses: errorResponseComponents(used),
    };
    return tidySchemas(doc) as ReturnType<SwaggerTransformObject>;
  };
}

const BINARY = { type: 'string', format: 'binary' };
const PARTS = { file: BINARY, files: { type: 'array', items: BINARY }, text: { type: 'string' } };

const MEDIA = { json: 'application/json', form: 'application/x-www-form-urlencoded' };

/** The body of a route whose handler reads it itself: uploads, and parameters that may come several ways. */
function parsedRequestBody({ multipart, parsedBody }: AnyRoute): Json {
  const content: Json = {};
  if (parsedBody) {
    const { $schema: _, ...schema } = z.toJSONSchema(parsedBody.schema, {
      target: 'openapi-3.0',
      io: 'input',
    });
    for (const kind of parsedBody.as) content[MEDIA[kind]] = { schema };
  }
  if (multipart) {
    const properties = Object.fromEntries(
      Object.entries(multipart).map(([name, kind]) => [name, PARTS[kind]]),
    );
    const required = Object.keys(multipart).filter((name) => multipart[name] !== 'text');
    content['multipart/form-data'] = { schema: { type: 'object', properties, required } };
  }
  return { required: true, content };
}

function errorEnvelopeSchema(): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorEnvelopeSchema, {
    target: 'openapi-3.0',
    io: 'output',
  });
  return {
    ...schema,
    description:
      'Every failure: code from the error catalogue, a message in the caller’s language, data for some codes',
  };
}

/**
 * Two shapes the zod → OpenAPI 3.0 conversion leaves behind that say nothing wrong but read as
 * mistakes to linters and generators: a union of which only one branch could be written down
 * (`anyOf` with one schema: the other was a transform), and a record keyed by an enum (3.0 has
 * no `propertyNames`, so its keys are `required` without `properties`).
 */
export function tidySchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidySchemas);
  if (value === null || typeof value !== 'object') return value;
  let node: Json = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tidySchemas(v)]));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches) && branches.length === 1) {
      const { [keyword]: _, ...rest } = node;
      node = { ...rest, ...(branches[0] as Json) };
    }
  }
  const { required, properties, additionalProperties } = node;
  if (
    Array.isArray(required) &&
    properties === undefined &&
    typeof additionalProperties === 'object' &&
    additionalProperties !== null
  ) {
    node.properties = Object.fromEntries(required.map((key) => [key, additionalProperties]));
  }
  return node;
}
