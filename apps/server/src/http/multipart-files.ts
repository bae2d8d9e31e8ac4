import { Code } from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.ts';

/**
 * The file parts of a multipart request, read one at a time (each is consumed before the next
 * is parsed). A request that is not multipart has no files: -109.
 */
export async function* multipartFiles(
  request: FastifyRequest,
): AsyncIterable<{ fileName: string; field: string; bytes: () => Promise<Uint8Array> }> {
  if (!request.isMultipart())
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Send the files as multipart/form-data');
  for await (const part of request.files()) {
    yield {
      fileName: part.filename,
      field: part.fieldname,
      bytes: async () => new Uint8Array(await part.toBuffer()),
    };
  }
}
