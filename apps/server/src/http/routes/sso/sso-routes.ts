import {
  SSO_LOGIN_TTL_SECONDS,
  SsoButtonSchema,
  SsoCallbackInputSchema,
  SsoLinkInputSchema,
  SsoSettingsAnswerSchema,
  SsoSettingsInputSchema,
  SsoSignedInSchema,
  SsoStartAnswerSchema,
  SsoStartInputSchema,
  SsoTenantPathSchema,
} from '@signet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finishSsoSignIn } from '../../../domain/sso/finish-sso.ts';
import { linkSsoAccount } from '../../../domain/sso/link-sso.ts';
import { getSsoSettings, saveSsoSettings } from '../../../domain/sso/sso-settings.ts';
import { ssoButton, startSsoSignIn } from '../../../domain/sso/start-sso.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Single sign-on'];

/**
 * Binds a started sign-in to the browser that started it, so a callback link sent to someone
 * else (login CSRF) cannot sign them in as the sender. SameSite=Lax: the callback page's own
 * request carries it; HttpOnly: scripts never see it.
 */
const COOKIE = 'signet_sso';

function setBrowserCookie(reply: FastifyReply, value: string, maxAge: number, secure: boolean): void {
  reply.header(
    'set-cookie',
    `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

function browserCookie(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=') || null;
  }
  return null;
}

export const ssoRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/sso',
    operationId: 'getSsoSettings',
    auth: 'user',
    summary: 'The tenant’s OpenID Connect provider (admin); the client secret is never answered',
    tags,
    response: SsoSettingsAnswerSchema,
    handler: ({ actor, deps }) => getSsoSettings(actor, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/sso',
    operationId: 'saveSsoSettings',
    auth: 'user',
    summary: 'Saves the tenant’s OpenID Connect provider, discovering it first when enabled (admin)',
    tags,
    body: SsoSettingsInputSchema,
    response: SsoSettingsAnswerSchema,
    handler: ({ body, actor, deps }) => saveSsoSettings(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/public/sso/:tenantId',
    operationId: 'getSsoButton',
    auth: 'public',
    summary: 'The provider name the login page offers for a tenant (null: none)',
    tags,
    params: SsoTenantPathSchema,
    response: SsoButtonSchema,
    handler: ({ params, deps }) => ssoButton(params.tenantId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/public/sso/start',
    operationId: 'startSsoSignIn',
    auth: 'public',
    rateLimited: true,
    summary: 'Starts a sign-in at the tenant’s provider: answers its authorization URL (PKCE, state, nonce)',
    tags,
    errors: [403],
    body: SsoStartInputSchema,
    response: SsoStartAnswerSchema,
    handler: async ({ body, deps, reply }) => {
      const { authorizationUrl, browserKey } = await startSsoSignIn(body, deps);
      setBrowserCookie(reply, browserKey, SSO_LOGIN_TTL_SECONDS, deps.settings.appUrl.startsWith('https:'));
      return { authorizationUrl };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/public/sso/callback',
    operationId: 'finishSsoSignIn',
    auth: 'public',
    rateLimited: true,
    summary: 'Finishes a sign-in with the provider’s answer: a Signet session in that tenant',
    tags,
    errors: [401, 403, 404, 409],
    body: SsoCallbackInputSchema,
    response: SsoSignedInSchema,
    handler: async ({ body, origin, deps, request, reply }) => {
      const key = browserCookie(request);
      setBrowserCookie(reply, '', 0, deps.settings.appUrl.startsWith('https:'));
      return finishSsoSignIn(body, key, origin, deps);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/public/sso/link',
    operationId: 'linkSsoAccount',
    auth: 'public',
    rateLimited: true,
    summary:
      'Confirms with the account’s password that the provider account of a -1201 answer is this person’s: binds it in the tenant and signs in',
    tags,
    errors: [401, 403, 404, 409, 429],
    body: SsoLinkInputSchema,
    response: SsoSignedInSchema,
    handler: ({ body, origin, deps }) => linkSsoAccount(body, origin, deps),
  }),
];
