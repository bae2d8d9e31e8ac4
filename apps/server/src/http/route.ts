import { envelope } from '@signet/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../domain/actor.ts';
import type { Language } from '../domain/auth/language.ts';
import type { AccessClaims } from '../domain/auth/tokens.ts';
import type { Deps, RequestOrigin } from '../domain/deps.ts';
import { refuseLinkSession, refuseProviderSession } from '../domain/policy.ts';
import type { AuthRateLimit } from './auth-rate-limit.ts';
import { actorOf, languageOf } from './authenticate.ts';
import type { ErrorStatus } from './error-status.ts';
import type { InFlight } from './in-flight.ts';
import { bindActorToLog } from './request-context.ts';
import { refuseUnsafeText } from './unsafe-text.ts';

/** `public`: no token; `user`: a valid token is required; `optional`: used when present. */
export type AuthMode = 'public' | 'user' | 'optional';

/** What every route declares for the OpenAPI document and the generated client. */
interface Described<A extends AuthMode> {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  /** More URLs for the same operation (older clients); served, but left out of the document. */
  aliases?: readonly string[];
  /** The operation's name in the document and in generated clients: a verb for what it does, unique, stable. */
  operationId: string;
  auth: A;
  summary: string;
  tags: string[];
  /** Error statuses beyond those the route's shape implies (openapi-errors.ts). */
  errors?: readonly ErrorStatus[];
  /**
   * The parts of a multipart/form-data body the handler reads itself (the schemas cannot say):
   * `file` one file, `files` one or more, `text` a text field.
   */
  multipart?: Readonly<Record<string, 'file' | 'files' | 'text'>>;
  /**
   * A body the handler parses itself, because it may come as a form, as JSON or in the query
   * string (`body` would refuse the others): shown in the document, not validated by Fastify.
   */
  parsedBody?: { schema: z.ZodType; as: readonly ('json' | 'form')[] };
  /**
   * The largest JSON or form body the route takes, when it carries more than `JSON_BODY_LIMIT`
   * (body-limits.ts): base64 pictures, long tag lists, base64 documents. Multipart uploads are
   * streamed and bounded by their own limits instead.
   */
  bodyLimit?: number;
  /**
   * `true`: changes what belongs to the account rather than to a tenant (its password, name,
   * saved signature, passcode, certificates, memberships); a session opened through a tenant's
   * provider gets -11, since that provider speaks for its tenant only (issue 30). Every signed-in
   * write under `/vN/user/` and `/vN/users/` must say true or false (`assertAccountWideDeclared`),
   * so a new route there cannot leave the question open.
   */
  accountWide?: boolean;
}
type ActorFor<A extends AuthMode> = A extends 'user'
  ? Actor & { claims: AccessClaims }
  : A extends 'optional'
    ? (Actor & { claims: AccessClaims }) | null
    : null;

export interface RouteContext<B, Q, P, A extends AuthMode> {
  body: B;
  query: Q;
  params: P;
  actor: ActorFor<A>;
  /** Where the request came from, with its language. */
  origin: RequestOrigin & { language: Language };
  /** The request's language (`Accept-Language`, one of the supported ones; English by default). */
  language: Language;
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  R extends Schema,
  A extends AuthMode,
> extends Described<A> {
  body?: B;
  querystring?: Q;
  params?: P;
  /** Schema of `data` in the `{code: 1, data}` answer. */
  response: R;
  /** Schema of `metadata` beside `data`, for handlers that answer `withMetadata(…)`. */
  metadata?: z.ZodType;
  /** Token, one-time-code and password endpoints are rate limited per action and address/account (auth-rate-limit.ts). */
  rateLimited?: boolean;
  /**
   * Serves a session opened from an easy-sign link; its use case must narrow to the link's ePak
   * (`loadEpak`) or tell nothing about ePaks. Without it such a session gets -11.
   */
  linkSession?: true;
  handler(
    ctx: RouteContext<Out<B>, Out<Q>, Out<P>, A>,
  ): Promise<z.input<R> | WithMetadata<z.input<R>>> | z.input<R>;
}

const METADATA = Symbol('metadata');
export interface WithMetadata<T> {
  [METADATA]: true;
  data: T;
  metadata: unknown;
}

/** An answer `{code: 1, data, metadata}`: a list with its paging and counts. */
export function withMetadata<T>(data: T, metadata: unknown): WithMetadata<T> {
  return { [METADATA]: true, data, metadata };
}

function isWithMetadata(value: unknown): value is WithMetadata<unknown> {
  return typeof value === 'object' && value !== null && METADATA in value;
}

/** A route that answers something other than the JSON envelope (files, redirects). */
export interface RawRouteSpec<Q extends Schema | undefined, P extends Schema | undefined, A extends AuthMode>
  extends Described<A> {
  /** The media type of the file a successful call answers (the document's 200 content). */
  produces: string;
  /** Answers a 303 redirect instead of a file. */
  redirects?: true;
  querystring?: Q;
  params?: P;
  rateLimited?: boolean;
  /** As for `RouteSpec.linkSession`. */
  linkSession?: true;
  raw: true;
  handler(ctx: RouteContext<unknown, Out<Q>, Out<P>, A>): Promise<unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of routes; each was type-checked where it was defined.
export type AnyRoute = RouteSpec<any, any, any, any, AuthMode> | RawRouteSpec<any, any, AuthMode>;

export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema = Schema,
  A extends AuthMode = AuthMode,
>(spec: RouteSpec<B, Q, P, R, A>): AnyRoute {
  return spec as AnyRoute;
}

export function defineRawRoute<
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends AuthMode = AuthMode,
>(spec: RawRouteSpec<Q, P, A>): AnyRoute {
  return spec as AnyRoute;
}

export interface RouteOptions {
  authRateLimit: AuthRateLimit;
  inFlight: InFlight;
  /** Left out of the OpenAPI document (the same routes under another prefix). */
  hidden?: boolean;
}

/** Either token header; `{}` lets a call through without one. */
const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  public: [],
  user: [{ accessToken: [] }, { bearer: [] }],
  optional: [{ accessToken: [] }, { bearer: [] }, {}],
};

const ACCOUNT_NAMESPACE = /^\/v\d+\/users?\//;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The account's own routes live under `/vN/user(s)/`: every signed-in write there declares whether
 * it changes account-wide data, or the server does not start.
 */
function assertAccountWideDeclared(routes: readonly AnyRoute[]): void {
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((m) => !READS.has(m));
    if (
      route.auth !== 'public' &&
      writes &&
      ACCOUNT_NAMESPACE.test(route.url) &&
      route.accountWide === undefined
    ) {
      throw new Error(`${route.operationId} (${route.url}) must declare accountWide: true or false`);
    }
  }
}

/** Generated clients name their methods by operationId: two routes with one name would collide. */
function assertUniqueOperationIds(routes: readonly AnyRoute[]): void {
  const seen = new Set<string>();
  for (const { operationId } of routes) {
    if (seen.has(operationId)) throw new Error(`Two routes have the operationId ${operationId}`);
    seen.add(operationId);
  }
}

const actors = new WeakMap<FastifyRequest, (Actor & { claims: AccessClaims }) | null>();

/** Registers routes: schemas from contracts, auth first, the handler, then the `{code: 1, data}` envelope. */
export function registerRoutes(
  app: FastifyInstance,
  routes: readonly AnyRoute[],
  deps: Deps,
  options: RouteOptions,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  assertUniqueOperationIds(routes);
  assertAccountWideDeclared(routes);
  for (const spec of routes)
    for (const url of [spec.url, ...(spec.aliases ?? [])]) {
      const isRaw = 'raw' in spec;
      typed.route({
        method: spec.method,
        url,
        schema: {
          summary: spec.summary,
          operationId: spec.operationId,
          tags: spec.tags,
          ...(!isRaw && spec.body ? { body: spec.body } : {}),
          ...(spec.querystring ? { querystring: spec.querystring } : {}),
          ...(spec.params ? { params: spec.params } : {}),
          ...(!isRaw
            ? {
                response: {
                  200: spec.metadata
                    ? envelope(spec.response).extend({ metadata: spec.metadata })
                    : envelope(spec.response),
                },
              }
            : {}),
          security: SECURITY[spec.auth],
          ...(options.hidden || url !== spec.url ? { hide: true } : {}),
        },
        ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
        // Who is calling is settled before the body is read: a caller without access neither
        // makes the server read and parse a body nor learns anything from validation errors.
        onRequest: async (request, reply) => {
          const actor =
            spec.auth === 'public' ? null : await actorOf(request, deps, spec.auth === 'optional');
          bindActorToLog(request, reply, actor);
          if (!spec.linkSession) refuseLinkSession(actor);
          if (spec.accountWide) refuseProviderSession(actor);
          actors.set(request, actor);
        },
        // The rate limit counts per account named in the body, so it waits for the (bounded) body.
        preValidation: async (request, reply) => {
          if (spec.rateLimited) {
            await options.authRateLimit(request, reply, spec.url, actors.get(request)?.userId ?? null);
          }
          refuseUnsafeText(request);
        },
        handler: async (request, reply) => {
          const actor = actors.get(request) ?? null;
          const language = actor?.language ?? languageOf(request);
          const ctx = {
            body: request.body,
            query: request.query,
            params: request.params,
            actor,
            language,
            origin: { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, language },
            deps,
            request,
            reply,
          } as RouteContext<never, never, never, never>;
          const data = await options.inFlight.run(() => spec.handler(ctx));
          if (isRaw) return data;
          if (isWithMetadata(data)) return { code: 1, data: data.data, metadata: data.metadata };
          return { code: 1, data };
        },
      });
    }
}
