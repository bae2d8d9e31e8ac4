import { Code, isSafeText } from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.ts';

/**
 * Whether a decoded input holds a string (value or key) that PostgreSQL cannot store. Iterative,
 * so a deeply nested body cannot exhaust the stack.
 */
export function hasUnsafeText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isSafeText(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isSafeText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Refuses U+0000 and lone surrogates anywhere in a route's decoded body, query and path (-6), by
 * the contracts' rule: the contract schemas refuse them too, but routes also parse inputs of
 * their own (route-local schemas, `/public/token`'s query and form body).
 */
export function refuseUnsafeText(request: FastifyRequest): void {
  if (hasUnsafeText(request.params) || hasUnsafeText(request.query) || hasUnsafeText(request.body)) {
    throw new AppError(Code.INVALID_INPUT, 'Text must not contain U+0000 or an unpaired surrogate');
  }
}
