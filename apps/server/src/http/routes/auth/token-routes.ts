import { AuthenticateRequestSchema, TokenRequestSchema, TokenResponseSchema } from '@signet/contracts';
import { refreshSession } from '../../../domain/auth/refresh-session.ts';
import { signIn } from '../../../domain/auth/sign-in.ts';
import type { Deps, RequestOrigin } from '../../../domain/deps.ts';
import { grantForClient } from '../../../domain/integrations/client-grant.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Auth'];

function grant(
  input:
    | { grant_type: 'password'; username: string; password: string }
    | { grant_type: 'refresh_token'; refresh_token: string },
  tenantId: string | undefined,
  origin: RequestOrigin,
  deps: Deps,
) {
  return input.grant_type === 'password'
    ? signIn({ username: input.username, password: input.password, tenantId: tenantId ?? null }, origin, deps)
    : refreshSession(input.refresh_token, origin, deps);
}

function tenantHeader(headers: Record<string, unknown>): string | undefined {
  return typeof headers.tenant_id === 'string' && headers.tenant_id ? headers.tenant_id : undefined;
}

export const tokenRoutes = [
  defineRoute({
    method: 'POST',
    url: '/public/token',
    operationId: 'issueToken',
    parsedBody: { schema: TokenRequestSchema, as: ['form', 'json'] },
    auth: 'public',
    summary:
      'Tokens for a client: grant_type password, refresh_token or authorization_code (+ code), with client_id and client_secret',
    tags,
    response: TokenResponseSchema,
    rateLimited: true,
    handler: ({ request, origin, deps }) => {
      // Parameters may come in a form body, a JSON body or the query string.
      const input = TokenRequestSchema.parse({ ...(request.query as object), ...(request.body as object) });
      return grantForClient(input, tenantHeader(request.headers), origin, deps);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/public/access_token',
    operationId: 'issueTokenFromQuery',
    auth: 'public',
    summary:
      'The same grants as POST /public/token, with every parameter in the query string (older clients)',
    tags,
    response: TokenResponseSchema,
    rateLimited: true,
    handler: ({ request, origin, deps }) => {
      const input = TokenRequestSchema.parse(request.query ?? {});
      return grantForClient(input, tenantHeader(request.headers), origin, deps);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/authenticate',
    operationId: 'authenticate',
    parsedBody: { schema: AuthenticateRequestSchema, as: ['form', 'json'] },
    auth: 'public',
    summary: "The web app's sign-in (username, password) and session refresh (grant_type=refresh_token)",
    tags,
    response: TokenResponseSchema,
    rateLimited: true,
    handler: ({ request, origin, deps }) => {
      const input = AuthenticateRequestSchema.parse(request.body ?? {});
      return grant(input, tenantHeader(request.headers), origin, deps);
    },
  }),
];
