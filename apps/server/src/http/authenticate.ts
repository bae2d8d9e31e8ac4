import type { FastifyRequest } from 'fastify';
import type { Actor } from '../domain/actor.ts';
import { type Language, negotiateLanguage } from '../domain/auth/language.ts';
import { resolveActor } from '../domain/auth/resolve-actor.ts';
import type { AccessClaims } from '../domain/auth/tokens.ts';
import type { Deps } from '../domain/deps.ts';

/** The token of a request: the spec's `access_token` header, or `Authorization: Bearer`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.access_token;
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = request.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** The language of a request (spec §7 header `Accept-Language`). */
export function languageOf(request: FastifyRequest): Language {
  return negotiateLanguage(request.headers['accept-language']);
}

/** Resolves the actor of a request (spec §7 headers `access_token`, `tenant_id`, `Accept-Language`). */
export async function actorOf(
  request: FastifyRequest,
  deps: Deps,
  optional: boolean,
): Promise<(Actor & { claims: AccessClaims }) | null> {
  const token = tokenOf(request);
  if (!token && optional) return null;
  const tenantHeader = request.headers.tenant_id;
  const actor = await resolveActor(
    token,
    typeof tenantHeader === 'string' ? tenantHeader : undefined,
    request.ip ?? null,
    deps,
  );
  return { ...actor, language: languageOf(request) };
}
