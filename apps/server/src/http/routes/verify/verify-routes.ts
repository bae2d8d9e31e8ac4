import { VerifyQrDataSchema, VerifyQrQuerySchema, VerifyResultSchema } from '@signet/contracts';
import type { FastifyRequest } from 'fastify';
import { negotiateLanguage } from '../../../domain/auth/language.ts';
import { verifyQrData } from '../../../domain/verify/qr-data.ts';
import { verificationReportPdf } from '../../../domain/verify/verification-report.ts';
import { verifyDocument } from '../../../domain/verify/verify-document.ts';
import { multipartFiles } from '../../multipart-files.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Public'];

/** The first file part of the upload (others are drained unread); null when there is none. */
async function firstFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  let found: { fileName: string; bytes: Uint8Array } | null = null;
  for await (const part of multipartFiles(request)) {
    const bytes = await part.bytes();
    found ??= { fileName: part.fileName, bytes };
  }
  return found;
}

export const verifyRoutes = [
  defineRoute({
    method: 'POST',
    url: '/public/verify',
    operationId: 'verifyPdf',
    auth: 'public',
    multipart: { file: 'file' },
    summary:
      'Checks every signature of anyone\'s PDF (multipart, one "file" part): signer, times, integrity, trust, revocation, PAdES level, later changes, certification',
    tags,
    response: VerifyResultSchema,
    rateLimited: true,
    errors: [422, 504],
    handler: async ({ request, deps }) => verifyDocument(await firstFile(request), deps),
  }),
  defineRawRoute({
    method: 'POST',
    url: '/public/verify/report',
    operationId: 'downloadVerificationReport',
    auth: 'public',
    multipart: { file: 'file' },
    summary: 'The verification of a PDF (multipart, one "file" part) as a PDF report',
    tags,
    produces: 'application/pdf',
    rateLimited: true,
    errors: [422, 504],
    raw: true,
    handler: async ({ request, deps, reply }) => {
      const result = await verifyDocument(await firstFile(request), deps);
      const pdf = verificationReportPdf(
        result,
        deps.clock.now(),
        negotiateLanguage(request.headers['accept-language']),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="verification-report.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/public/verifyQrData',
    operationId: 'getVerifyQrData',
    auth: 'public',
    summary:
      "What a document's QR code stands for: id, hashes, ePak status, organisation, signers (-1401 altered or forged, -1006 gone)",
    tags,
    querystring: VerifyQrQuerySchema,
    response: VerifyQrDataSchema,
    rateLimited: true,
    errors: [404],
    handler: ({ query, deps }) => verifyQrData(query.qr, deps),
  }),
];
