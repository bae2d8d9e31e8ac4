import { Code, codeInfo, type ErrorEnvelope } from '@signet/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../domain/app-error.ts';

/**
 * The one mapper from failures to responses (spec §8): an AppError answers its code with the
 * catalogue's HTTP status; a schema failure is -6; anything unexpected is logged and answers -2.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { code: error.code, message: error.message };
      if (error.data !== undefined) body.data = error.data;
      request.log.info({ code: error.code }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus ?? codeInfo(error.code).http).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) =>
        `${v.instancePath || error.validationContext || ''} ${v.message}`.trim(),
      );
      return reply
        .status(400)
        .send({ code: Code.INVALID_INPUT, message: details.join('; '), data: { details } });
    }
    if (error instanceof ZodError) {
      // Inputs parsed inside a handler (bodies that may also come as query strings).
      const details = error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`);
      return reply
        .status(400)
        .send({ code: Code.INVALID_INPUT, message: details.join('; '), data: { details } });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      return reply.status(413).send({
        code: Code.INVALID_INPUT,
        message: `The request body is larger than this call accepts (at most ${mebibytes(limit)})`,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: Code.GENERIC_ERROR, message: 'Too many requests; try again in a minute' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: Code.INVALID_INPUT, message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: Code.SYSTEM_ERROR, message: codeInfo(Code.SYSTEM_ERROR).meaning });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ code: Code.GENERIC_ERROR, message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}

/** A body limit as people read it: `1 MiB`, `8 MiB`, `512 KiB`. */
function mebibytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  return `${Math.round(bytes / 1024)} KiB`;
}
