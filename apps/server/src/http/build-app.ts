import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Deps } from '../domain/deps.ts';
import { MAX_UPLOAD_BYTES } from '../domain/documents/upload-document.ts';
import { APP_VERSION } from '../domain/tenants/configuration.ts';
import { createAuthRateLimit } from './auth-rate-limit.ts';
import { JSON_BODY_LIMIT } from './body-limits.ts';
import { installErrorHandler } from './error-handler.ts';
import { trackInFlight } from './in-flight.ts';
import { installJsonBodyParser } from './json-body.ts';
import { linkFirstPaint } from './link-first-paint.ts';
import { requestLogOptions } from './log-redaction.ts';
import { installMetrics } from './metrics.ts';
import { type NotificationHub, registerNotificationSocket } from './notification-socket.ts';
import { finishOpenApi } from './openapi-finish.ts';
import { requestIdOf } from './request-context.ts';
import { registerRoutes } from './route.ts';
import { apiRoutes } from './routes/index.ts';
import { installSecurityHeaders, webAppCsp } from './security-headers.ts';
import { appPages, frameLanguage, isMissingAsset, webAppStatic } from './web-app-static.ts';

export const API_PREFIX = '/msbapi';
/** Uploads larger than this are refused (413) before they reach a use case. */
export { MAX_UPLOAD_BYTES };

export interface AppOptions {
  logger: Logger | false;
  rateLimitPerMinute: number;
  /** Shares the auth rate-limit counts between processes (keys under `redisPrefix`). */
  redis?: { client: Redis; prefix: string } | null;
  /** The built web app; served at `/` when it exists. */
  webDistDir: string | null;
  trustProxy?: boolean;
  /** Where browsers open their notification socket, and the hub that feeds them. */
  notifications?: { path: string; hub: NotificationHub };
  /** More prefixes the API answers under, besides /msbapi. */
  extraApiPrefixes?: readonly string[];
  /** `METRICS_TOKEN`: /metrics to callers sending it as a bearer token; null: loopback only. */
  metricsToken?: string | null;
}

/** Builds the HTTP application around the use cases' dependencies. */
export async function buildApp(deps: Deps, options: AppOptions) {
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger.child({}, requestLogOptions) as FastifyBaseLogger }
      : { logger: false }),
    // The caller's x-request-id when it is short and safe to log, else a new UUID (request-context.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: options.trustProxy ?? false,
    // JSON and form bodies; routes carrying pictures or base64 documents declare more (body-limits.ts).
    bodyLimit: JSON_BODY_LIMIT,
    // GET /v1/users/{accessToken} carries a whole access token (a JWT) as a path parameter.
    routerOptions: { maxParamLength: 4096 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installSecurityHeaders(
    app,
    [API_PREFIX, ...(options.extraApiPrefixes ?? [])],
    `${API_PREFIX}/docs`,
    // The OpenAPI dump builds the app without settings.
    oneDriveCsp(deps.settings?.microsoft, deps.remoteSigning?.formOrigins ?? []),
  );

  installJsonBodyParser(app);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 50 } });
  await app.register(rateLimit, {
    global: false,
    ...(options.redis
      ? { redis: options.redis.client, nameSpace: `${options.redis.prefix}rate-limit:` }
      : {}),
  });
  const authRateLimit = createAuthRateLimit(app, options.rateLimitPerMinute);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Signet API',
        version: APP_VERSION,
        description: 'Every answer is {code, data} (plus message on errors).',
      },
      // Paths are written without the prefix; the older prefixes serve the same operations.
      servers: [{ url: API_PREFIX, description: 'This server' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: finishOpenApi(apiRoutes),
  });
  // No validator badge: it would load an image from validator.swagger.io, which the docs' CSP refuses.
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { validatorUrl: null } });

  if (options.notifications) {
    await app.register(websocket, { options: { maxPayload: 4096 } });
    registerNotificationSocket(app, options.notifications.path, options.notifications.hub, deps);
  }

  // Before the routes, so its timing hook covers every one of them.
  installMetrics(app, deps, { token: options.metricsToken ?? null });

  const inFlight = trackInFlight();
  // onClose runs once the server no longer takes requests; the database closes after it.
  app.addHook('onClose', async () => inFlight.idle(15_000));
  // The whole API under /msbapi and under the prefixes older integrations call (issue 7); the
  // OpenAPI document shows /msbapi only.
  for (const prefix of [API_PREFIX, ...(options.extraApiPrefixes ?? []).filter((p) => p !== API_PREFIX)]) {
    await app.register(
      async (api) => {
        registerRoutes(api, apiRoutes, deps, {
          authRateLimit,
          inFlight,
          hidden: prefix !== API_PREFIX,
        });
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      },
      { prefix },
    );
  }
  const apiPrefixes = [API_PREFIX, ...(options.extraApiPrefixes ?? [])];
  // Older integrations send people to `<product>/app/login` for the authorization-code flow; the
  // web app's sign-in is `/login`, with the same query (redirect_uri, state, client_id).
  const appBases = new Set(['', ...apiPrefixes.map((p) => p.replace(/\/msbapi$/, ''))]);
  for (const base of appBases) {
    app.get(`${base}/app/login`, { schema: { hide: true } }, (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/login${query}`, 302);
    });
  }

  if (options.webDistDir && existsSync(join(options.webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, webAppStatic(options.webDistDir));
    const firstPaint = { page: 'sign', fill: linkFirstPaint(deps, API_PREFIX) };
    const sendAppPage = appPages(options.webDistDir, { sign: firstPaint, emailsign: firstPaint });
    // The web app routes on the client: every other GET outside the API gets its page.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (apiPrefixes.some((p) => request.url.startsWith(p))) {
        return reply.status(404).send({ code: -1, message: `No route GET ${request.url.split('?')[0]}` });
      }
      if (isMissingAsset(request.url)) return reply.status(404).type('text/plain').send('Not found');
      return sendAppPage(reply, request.url, frameLanguage(request.headers));
    });
  }
  return app;
}

/** The web app's policy with the installation's Microsoft sign-in and picker origins ("From OneDrive"). */
function oneDriveCsp(microsoft: Deps['settings']['microsoft'], form: readonly string[]): string {
  if (!microsoft) return webAppCsp({ form: [...form] });
  const origin = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  const login = origin(microsoft.loginUrl);
  const picker = origin(microsoft.pickerUrl);
  return webAppCsp({ connect: login ? [login] : [], frame: picker ? [picker] : [], form: [...form] });
}
