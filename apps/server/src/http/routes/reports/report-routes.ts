import { PassThrough } from 'node:stream';
import {
  REPORT_EXPORT_MAX_ROWS,
  REPORT_TITLES_EN,
  ReportIdParamsSchema,
  ReportRunRequestSchema,
  ReportSummarySchema,
} from '@signet/contracts';
import { z } from 'zod';
import { negotiateLanguage } from '../../../domain/auth/language.ts';
import { REPORT_MEDIA, REPORT_PDF_MAX_ROWS, reportFileSink } from '../../../domain/reports/report-files.ts';
import {
  exportReport,
  listReports,
  prepareReport,
  reportFilters,
  runReport,
} from '../../../domain/reports/run-report.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Reports'];
const EXTENSION = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' } as const;

export const reportRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/report',
    operationId: 'listReports',
    auth: 'user',
    summary: 'The catalogue of reports with the filters each takes (not for registrars)',
    tags,
    response: z.array(ReportSummarySchema),
    handler: ({ actor }) => listReports(actor),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/report/:reportId',
    operationId: 'getReportFilters',
    auth: 'user',
    summary: "One report's input filters (-30 no such report)",
    tags,
    params: ReportIdParamsSchema,
    response: ReportSummarySchema,
    handler: ({ actor, params }) => reportFilters(actor, params.reportId),
  }),
  defineRawRoute({
    method: 'POST',
    url: '/v1/report',
    operationId: 'runReport',
    auth: 'user',
    parsedBody: { schema: ReportRunRequestSchema, as: ['json'] },
    summary:
      'Runs a report: format json answers {code: 1, data: ReportResult} (the first 500 rows); csv, xlsx and pdf answer the file, streamed (-29 not available, -30 unknown, -31 bad filters, -143 too many rows, -148 past quarter, -149 admins only)',
    tags,
    produces: 'application/octet-stream',
    errors: [404, 409],
    raw: true,
    handler: async ({ actor, request, reply, deps }) => {
      const prepared = prepareReport(actor, request.body, deps);
      if (prepared.format === 'json') {
        const data = await runReport(prepared, deps);
        return reply.header('cache-control', 'private, no-store').send({ code: 1, data });
      }
      const format = prepared.format;
      const out = new PassThrough();
      const name = `${REPORT_TITLES_EN[prepared.report.id].replace(/[^A-Za-z0-9 -]/g, '').replace(/ +/g, '-')}.${EXTENSION[format]}`;
      try {
        await exportReport(
          prepared,
          deps,
          reportFileSink(
            format,
            out,
            () => {
              reply
                .header('content-type', REPORT_MEDIA[format])
                .header('content-disposition', `attachment; filename="${name}"`)
                .header('cache-control', 'private, no-store')
                .send(out);
            },
            deps.clock.now(),
            negotiateLanguage(request.headers['accept-language']),
          ),
          format === 'pdf' ? REPORT_PDF_MAX_ROWS : REPORT_EXPORT_MAX_ROWS,
        );
      } catch (error) {
        // Before the headers went out the error handler answers the code; after, the file is cut short.
        if (!reply.sent) throw error;
        out.destroy(error as Error);
      }
      return reply;
    },
  }),
];
