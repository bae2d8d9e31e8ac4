import type { FastifyRequest } from 'fastify';
import { convertDocument } from '../../../domain/documents/convert-document.ts';
import { multipartFiles } from '../../multipart-files.ts';
import { defineRawRoute } from '../../route.ts';
import { sendFile } from '../../send-file.ts';

/** The first "file" part (further parts are read and dropped). */
async function firstFile(request: FastifyRequest) {
  let file: { fileName: string; bytes: Uint8Array } | undefined;
  for await (const part of multipartFiles(request)) {
    const bytes = await part.bytes();
    if (!file) file = { fileName: part.fileName, bytes };
  }
  return file;
}

export const convertRoutes = [
  defineRawRoute({
    method: 'POST',
    url: '/v1/document/convert',
    operationId: 'convertDocument',
    auth: 'user',
    multipart: { file: 'file' },
    summary:
      'Converts one office, image or XML file (multipart part "file") to PDF through the upload converters and answers the PDF itself (attachment <name>.pdf; X-Page-Count, X-Conversion: converted, created, repaired, decrypted or kept); nothing is stored. -48 when the conversion fails, -177 for a type that is not accepted, -182 for an empty file, -59 for an unusable PDF',
    tags: ['Documents'],
    produces: 'application/pdf',
    errors: [400, 413, 415, 422, 504],
    raw: true,
    handler: async ({ request, actor, deps, reply }) => {
      const converted = await convertDocument(actor, () => firstFile(request), deps);
      reply.header('x-page-count', String(converted.pageCount)).header('x-conversion', converted.action);
      return sendFile(reply, {
        fileName: converted.name,
        contentType: 'application/pdf',
        bytes: converted.pdf,
      });
    },
  }),
];
