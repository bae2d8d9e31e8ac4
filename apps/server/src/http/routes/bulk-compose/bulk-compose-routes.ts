import {
  BulkComposeLayoutSchema,
  BulkComposeRunPathSchema,
  BulkComposeRunSchema,
  BulkComposeRunsSchema,
  BulkComposeTemplatePathSchema,
} from '@signet/contracts';
import type { FastifyReply } from 'fastify';
import {
  bulkComposeHeader,
  bulkComposeLayoutOf,
  cancelBulkRun,
  failedRowsCsv,
  getBulkRun,
  listBulkRuns,
} from '../../../domain/bulk-compose/bulk-compose-runs.ts';
import { startBulkCompose } from '../../../domain/bulk-compose/start-bulk-compose.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';

const tags = ['Bulk compose'];

function csvHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'private, no-store');
}

/**
 * Bulk compose (spec §2 `/bulkcompose`; the spec lists no paths, docs/features.md "Bulk compose"
 * explains these): a document template's CSV header, the upload that queues a run, and the runs.
 */
export const bulkComposeRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v2/bulkcompose/template/:docTemplateId',
    operationId: 'getBulkComposeLayout',
    auth: 'user',
    summary: "What a document template's bulk compose CSV holds: its roles, fields and columns",
    tags,
    params: BulkComposeTemplatePathSchema,
    response: BulkComposeLayoutSchema,
    handler: ({ params, actor, deps }) => bulkComposeLayoutOf(actor, params.docTemplateId, deps),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/bulkcompose/template/:docTemplateId/header',
    operationId: 'getBulkComposeHeader',
    auth: 'user',
    summary: "The CSV header of a document template's bulk compose file, to fill one row per ePak",
    tags,
    params: BulkComposeTemplatePathSchema,
    produces: 'text/csv',
    raw: true,
    handler: async ({ params, actor, deps, reply }) => {
      const { layout, csv } = await bulkComposeHeader(actor, params.docTemplateId, deps);
      return csvHeaders(reply, `${layout.templateName}.csv`).send(csv);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/bulkcompose/template/:docTemplateId',
    operationId: 'startBulkCompose',
    auth: 'user',
    summary:
      'Uploads a CSV (multipart "file") of one row per ePak and queues the run: header checks -107/-175/-174, row codes per row',
    tags,
    multipart: { stampStateCode: 'text', stampDenomination: 'text', file: 'file' },
    params: BulkComposeTemplatePathSchema,
    response: BulkComposeRunSchema,
    handler: ({ params, request, actor, deps }) =>
      startBulkCompose(
        actor,
        params.docTemplateId,
        async () => {
          const file = request.isMultipart() ? await request.file() : undefined;
          if (!file) return null;
          // Text fields sent before the file (a stamp paper for every row: stampStateCode, stampDenomination).
          const fields: Record<string, string> = {};
          for (const [name, part] of Object.entries(file.fields))
            if (part && !Array.isArray(part) && part.type === 'field') fields[name] = String(part.value);
          return { fileName: file.filename, source: file.file, fields };
        },
        deps,
      ),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/bulkcompose/runs',
    operationId: 'listBulkComposeRuns',
    auth: 'user',
    summary: "The caller's latest bulk compose runs, newest first",
    tags,
    response: BulkComposeRunsSchema,
    handler: ({ actor, deps }) => listBulkRuns(actor, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/bulkcompose/runs/:runId',
    operationId: 'getBulkComposeRun',
    auth: 'user',
    summary: 'A bulk compose run: rows sent, failed and cancelled, time left, the first failures',
    tags,
    params: BulkComposeRunPathSchema,
    response: BulkComposeRunSchema,
    handler: ({ params, actor, deps }) => getBulkRun(actor, params.runId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/bulkcompose/runs/:runId/cancel',
    operationId: 'cancelBulkComposeRun',
    auth: 'user',
    summary: 'Cancels the rows of a run not sent yet',
    tags,
    params: BulkComposeRunPathSchema,
    response: BulkComposeRunSchema,
    handler: ({ params, actor, deps }) => cancelBulkRun(actor, params.runId, deps),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/bulkcompose/runs/:runId/failed',
    operationId: 'getBulkComposeFailedRows',
    auth: 'user',
    summary: "A run's failed rows as CSV, with code and message columns, to fix and upload again",
    tags,
    params: BulkComposeRunPathSchema,
    produces: 'text/csv',
    raw: true,
    handler: async ({ params, actor, deps, reply }) => {
      const { fileName, stream } = await failedRowsCsv(actor, params.runId, deps);
      return csvHeaders(reply, fileName).send(stream);
    },
  }),
];
