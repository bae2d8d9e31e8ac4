import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/actor.ts';

/**
 * An incoming `x-request-id` kept as the request's id (a proxy's or a caller's trace id): up to
 * 128 characters of letters, digits and `._:-`, so it can be logged and echoed as it is.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is safe, otherwise a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const sent = Array.isArray(header) ? header[0] : header;
  return sent !== undefined && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Once a request is authenticated, every line it logs from then on (the use case's, the error
 * handler's and Fastify's "request completed") carries the tenant and the user beside `reqId`.
 */
export function bindActorToLog(request: FastifyRequest, reply: FastifyReply, actor: Actor | null): void {
  if (!actor) return;
  const log = request.log.child({
    userId: actor.userId,
    ...(actor.tenantId ? { tenantId: actor.tenantId } : {}),
  });
  request.log = log;
  reply.log = log;
}
