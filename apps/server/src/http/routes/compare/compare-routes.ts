import { CompareQuerySchema, CompareResultSchema } from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { negotiateLanguage } from '../../../domain/auth/language.ts';
import type { CompareFile } from '../../../domain/compare/compare-documents.ts';
import { compareDocuments } from '../../../domain/compare/compare-documents.ts';
import { compareReportPdf } from '../../../domain/compare/compare-report.ts';
import { multipartFiles } from '../../multipart-files.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Documents'];

/** The uploaded files, "first" before "second" (other names keep their order). */
async function uploadedFiles(request: FastifyRequest): Promise<CompareFile[]> {
  const files: (CompareFile & { field: string })[] = [];
  for await (const part of multipartFiles(request)) {
    const bytes = await part.bytes();
    if (files.length < 2) files.push({ fileName: part.fileName, field: part.field, bytes });
  }
  const rank = (field: string) => (field === 'first' ? 0 : field === 'second' ? 1 : 2);
  return files.sort((a, b) => rank(a.field) - rank(b.field));
}

export const compareRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/document/compare',
    operationId: 'compareDocuments',
    auth: 'user',
    multipart: { first: 'file', second: 'file' },
    summary:
      'Compares two PDFs (multipart parts "first" and "second") or, with ePakId and documentId, two revisions of an ePak document (from, to: before signing, after each signature, now): words inserted, deleted and moved per page, changed regions, pages added and removed',
    tags,
    querystring: CompareQuerySchema,
    response: CompareResultSchema,
    errors: [404, 409, 413, 422, 504],
    handler: async ({ request, query, actor, deps }) =>
      compareDocuments(actor, query, () => uploadedFiles(request), deps),
  }),
  defineRawRoute({
    method: 'POST',
    url: '/v1/document/compare/report',
    operationId: 'downloadCompareReport',
    auth: 'user',
    multipart: { first: 'file', second: 'file' },
    summary: 'The same comparison as POST /v1/document/compare, as a PDF report of the differences',
    tags,
    querystring: CompareQuerySchema,
    produces: 'application/pdf',
    errors: [404, 409, 413, 422, 504],
    raw: true,
    handler: async ({ request, query, actor, deps, reply }) => {
      const result = await compareDocuments(actor, query, () => uploadedFiles(request), deps);
      const pdf = compareReportPdf(
        result,
        deps.clock.now(),
        negotiateLanguage(request.headers['accept-language']),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="comparison-report.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  }),
];
