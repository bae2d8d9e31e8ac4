import { allCodes } from '@signet/contracts';
import type { ErrorStatus } from './error-status.ts';
import type { AnyRoute } from './route.ts';

export type { ErrorStatus };

/** The HTTP statuses an error answer can have (the catalogue's, and the framework's 413). */

const NAMES: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  500: 'ServerError',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

const WHY: Record<ErrorStatus, string> = {
  400: 'The input is not valid (-6) or the request cannot be completed',
  401: 'The token is missing its session, expired (-27: refresh and retry) or not valid',
  403: 'The caller may not do this: role, account or tenant state, or licence (-88)',
  404: 'What the path names does not exist, or is not visible to the caller',
  409: "The change conflicts with the item's state or existing data",
  410: 'The item is gone',
  413: 'The body or an uploaded file is larger than allowed',
  415: 'The media type is not accepted',
  422: 'A document could not be read or converted',
  429: 'Too many calls: wait and try again',
  500: 'Unexpected server error (-2); the answer carries x-request-id',
  503: 'Not ready to serve (-1601): a dependency failed its check; try again later',
  504: 'An outside service did not answer in time',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers a route can give, from its shape: every route can be invalid (400) or fail
 * (500); a token adds 401/403; a path names something that may not exist (404); a write can
 * conflict (409) and carries a body with a size limit (413); rate-limited calls answer 429.
 * `errors` adds what the shape cannot tell.
 */
export function errorStatusesOf(route: AnyRoute): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500]);
  if (route.auth !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (route.params) statuses.add(404);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => WRITES.has(m))) {
    statuses.add(409);
    statuses.add(413);
  }
  if (route.rateLimited) statuses.add(429);
  for (const status of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** `#/components/responses/<name>` for a status. */
export function errorResponseRef(status: ErrorStatus): { $ref: string } {
  return { $ref: `#/components/responses/${NAMES[status]}` };
}

/** The shared response objects for the given statuses: the envelope, and the codes that come with each. */
export function errorResponseComponents(statuses: Iterable<ErrorStatus>): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    const codes = allCodes.filter((c) => c.http === status).map((c) => c.code);
    responses[NAMES[status]] = {
      description: `${WHY[status]}.${codes.length ? ` Codes: ${codes.join(', ')}.` : ''}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  return responses;
}
