import { Code } from '@signet/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/app-error.ts';
import { MAX_JSON_DEPTH } from './body-limits.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, in one pass over its characters
 * (brackets inside strings, escaped quotes included, do not count). It judges nesting only: a text
 * that is not JSON is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with one that first refuses bodies nested deeper than
 * `MAX_JSON_DEPTH` (-6), so no parse, validation or walk over the body ever recurses without
 * bound, then parses with Fastify's own parser (secure-json-parse: `__proto__` and `constructor`
 * keys refused as configured). The route's body limit applies as before.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(Code.INVALID_INPUT, `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
