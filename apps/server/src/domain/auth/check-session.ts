import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import type { AccessClaims } from './tokens.ts';

/** `POST /v1/checksession`: whether the session is alive and how long its access token lasts. */
export function checkSession(actor: Actor & { claims: AccessClaims }, deps: Deps) {
  const expiresIn = Math.max(
    0,
    Math.floor((actor.claims.expiresAt.getTime() - deps.clock.now().getTime()) / 1000),
  );
  return { active: true, expiresIn, userId: actor.userId, tenantId: actor.tenantId };
}
