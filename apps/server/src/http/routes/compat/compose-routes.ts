import { Code, CompatComposeSchema } from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.ts';
import { composeAndStart, type IncomingFile } from '../../../domain/compat/compose-epak.ts';
import { DOCUMENTS_BODY_LIMIT } from '../../body-limits.ts';
import { defineRoute, withMetadata } from '../../route.ts';

/**
 * The body of a compose call: multipart (`files` parts and an `epakData` part holding JSON) or a
 * JSON body with `documentList`.
 */
async function composeInput(request: FastifyRequest): Promise<{ data: unknown; files: IncomingFile[] }> {
  if (!request.isMultipart()) return { data: request.body ?? {}, files: [] };
  const files: IncomingFile[] = [];
  let data: unknown = {};
  for await (const part of request.parts()) {
    if (part.type === 'file')
      files.push({ fileName: part.filename, bytes: new Uint8Array(await part.toBuffer()) });
    else if (part.fieldname === 'epakData') {
      try {
        data = JSON.parse(String(part.value));
      } catch {
        throw new AppError(Code.INVALID_INPUT, 'epakData is not JSON');
      }
    }
  }
  return { data, files };
}

export const compatComposeRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/compose/epak',
    aliases: ['/v3/compose/epak'],
    operationId: 'composeEpak',
    multipart: { files: 'files', epakData: 'text' },
    parsedBody: { schema: CompatComposeSchema, as: ['json'] },
    bodyLimit: DOCUMENTS_BODY_LIMIT,
    auth: 'user',
    summary:
      'Creates and starts an ePak in one call (older integrations): multipart files + epakData, or JSON documentList',
    tags: ['Compatibility'],
    response: z.string(),
    metadata: z.record(z.string(), z.string()),
    handler: async ({ request, actor, deps }) => {
      const { data, files } = await composeInput(request);
      const result = await composeAndStart(actor, CompatComposeSchema.parse(data), files, deps);
      return withMetadata(result.ePakId, result.documentIds);
    },
  }),
];
