import {
  AssignStampPapersSchema,
  BulkAssignStampPapersSchema,
  BulkRevokeStampPapersSchema,
  Code,
  ComposeStampPaperSchema,
  DeleteStampPapersPathSchema,
  DeleteStampPapersResultSchema,
  GroupedStampsSchema,
  IdSchema,
  ListStampPapersSchema,
  StampPaperAssignResultSchema,
  StampPaperCsvExportQuerySchema,
  StampPaperCsvFailedExportSchema,
  StampPaperCsvUploadResultSchema,
  StampPaperPageSchema,
  StampPaperPathSchema,
  StampPaperSchema,
  StampPaperStatsQuerySchema,
  StampPaperStatsSchema,
  UpdateStampPaperSchema,
} from '@signet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/app-error.ts';
import { authorizeInTenant } from '../../../domain/policy.ts';
import { addStampPaper, type StampPaperUpload } from '../../../domain/stamp-papers/add-stamp-paper.ts';
import {
  assignStampPapers,
  bulkAssignStampPapers,
  bulkRevokeStampPapers,
  groupedStamps,
} from '../../../domain/stamp-papers/assign-stamp-papers.ts';
import { addStampPaperToDraft } from '../../../domain/stamp-papers/epak-stamp-papers.ts';
import {
  editStampPaper,
  listStampPapers,
  removeStampPapers,
  stampPaperCertificate,
  stampPaperStatistics,
} from '../../../domain/stamp-papers/manage-stamp-papers.ts';
import {
  exportStampPapersCsv,
  failedStampPapersCsv,
  importStampPapersCsv,
} from '../../../domain/stamp-papers/stamp-paper-csv.ts';
import { LARGE_BODY_LIMIT } from '../../body-limits.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';
import { sendFile } from '../../send-file.ts';

const tags = ['Stamp papers'];
// -1 (409) while the tenant's stamp-paper switch is off; -1 (404) for an unknown paper.
const errors = [404, 409] as const;

/** The certificate (`certificate` file) and the text fields of a multipart body. */
async function stampPaperUpload(request: FastifyRequest): Promise<StampPaperUpload> {
  if (!request.isMultipart())
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Send the stamp paper as multipart/form-data');
  const fields: Record<string, string> = {};
  let certificate: StampPaperUpload['certificate'] = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = new Uint8Array(await part.toBuffer());
      if (certificate) throw new AppError(Code.INVALID_INPUT, 'Send one certificate');
      certificate = { fileName: part.filename, bytes };
    } else fields[part.fieldname] = String(part.value);
  }
  return { fields, certificate };
}

function csvHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
}

/**
 * Stamp papers (spec §7 "Stamp papers and rubber stamps"): the inventory and its CSV files for
 * admins (menu `stamps`), and the grouped list of what a composer may use. Every call answers
 * -1 (409, `data.feature`) while the tenant's stamp-paper switch is off.
 */
export const stampPaperRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/stamppaper',
    operationId: 'addStampPaper',
    auth: 'user',
    summary:
      'Adds a stamp paper (multipart: "certificate" a one-page PDF or a PNG/JPEG, "stampId", "stateCode", "denomination"); -203 when the stamp id exists',
    tags,
    errors,
    multipart: { certificate: 'file', stampId: 'text', stateCode: 'text', denomination: 'text' },
    response: StampPaperSchema,
    handler: async ({ request, actor, deps }) => {
      // Refused callers' uploads are never read.
      authorizeInTenant(actor, 'stampPapers.manage');
      return addStampPaper(actor, await stampPaperUpload(request), deps);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/stamppaper',
    operationId: 'updateStampPaper',
    auth: 'user',
    summary:
      'Changes the stamp id, state or denomination of an AVAILABLE stamp paper (-82 in use, -203 stamp id taken)',
    tags,
    errors,
    body: UpdateStampPaperSchema,
    response: StampPaperSchema,
    handler: ({ body, actor, deps }) => editStampPaper(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/stamppapers',
    operationId: 'listStampPapers',
    auth: 'user',
    summary: 'The stamp paper inventory with filters (state, denomination, status, assignee) and paging',
    tags,
    errors,
    body: ListStampPapersSchema,
    response: StampPaperPageSchema,
    handler: ({ body, actor, deps }) => listStampPapers(actor, body, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v2/stamppapers/:stamps',
    operationId: 'deleteStampPapers',
    auth: 'user',
    summary: 'Deletes stamp papers (comma-separated ids), all or none: -82 when one is in use',
    tags,
    errors,
    params: DeleteStampPapersPathSchema,
    response: DeleteStampPapersResultSchema,
    handler: ({ params, actor, deps }) => removeStampPapers(actor, params.stamps, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/stamppaper/stats',
    operationId: 'getStampPaperStats',
    auth: 'user',
    summary: 'Stamp paper counts per state × denomination × status',
    tags,
    errors,
    querystring: StampPaperStatsQuerySchema,
    response: StampPaperStatsSchema,
    handler: ({ query, actor, deps }) => stampPaperStatistics(actor, query.stateCode, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/stamppaper/assign',
    operationId: 'assignStampPapers',
    auth: 'user',
    summary: 'Makes stamp papers usable by users and groups (added to their assignments)',
    tags,
    errors,
    body: AssignStampPapersSchema,
    response: StampPaperAssignResultSchema,
    handler: ({ body, actor, deps }) => assignStampPapers(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/stamppaper/bulkassign',
    operationId: 'bulkAssignStampPapers',
    auth: 'user',
    summary:
      'Assigns a number of unassigned AVAILABLE papers of a denomination (and state) to users and groups',
    tags,
    errors,
    body: BulkAssignStampPapersSchema,
    response: StampPaperAssignResultSchema,
    handler: ({ body, actor, deps }) => bulkAssignStampPapers(actor, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/stamppaper/bulkrevoke',
    operationId: 'bulkRevokeStampPapers',
    auth: 'user',
    summary: 'Takes back the assignments of AVAILABLE papers made in a date range (-209 on date errors)',
    tags,
    errors,
    body: BulkRevokeStampPapersSchema,
    response: StampPaperAssignResultSchema,
    handler: ({ body, actor, deps }) => bulkRevokeStampPapers(actor, body, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/stamppaper/user/groupedstamps',
    operationId: 'getGroupedStamps',
    auth: 'user',
    summary:
      'The AVAILABLE stamp papers the caller may use (directly or through groups), counted per state and denomination',
    tags,
    errors,
    response: GroupedStampsSchema,
    handler: ({ actor, deps }) => groupedStamps(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/:ePakId/stamppaper',
    operationId: 'addStampPaperToDraft',
    auth: 'user',
    summary:
      "Prepends a stamp paper the caller may use (a paper, or a state and denomination) as page 1 of a draft's document; its tags move one page on",
    tags,
    errors,
    params: z.object({ ePakId: IdSchema }),
    body: ComposeStampPaperSchema,
    response: StampPaperSchema,
    handler: ({ params, body, actor, deps }) => addStampPaperToDraft(actor, params.ePakId, body, deps),
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/stamppaper/:stampPaperId/certificate',
    operationId: 'getStampPaperCertificate',
    auth: 'user',
    summary: "A stamp paper's certificate (PDF or image; the generated page for CSV imports)",
    tags,
    params: StampPaperPathSchema,
    produces: 'application/octet-stream',
    raw: true,
    handler: async ({ params, actor, deps, reply }) =>
      sendFile(reply, await stampPaperCertificate(actor, params.stampPaperId, deps), true),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/stamppapers/csv/upload',
    operationId: 'importStampPapersCsv',
    auth: 'user',
    summary:
      'Imports stamp papers from a CSV (multipart "file"; columns stampId, stateCode, denomination): valid rows added, failed rows answered with code and message',
    tags,
    errors,
    multipart: { file: 'file' },
    response: StampPaperCsvUploadResultSchema,
    handler: ({ request, actor, deps }) =>
      importStampPapersCsv(
        actor,
        async () => {
          const file = request.isMultipart() ? await request.file() : undefined;
          return file ? file.file : null;
        },
        deps,
      ),
  }),
  defineRawRoute({
    method: 'POST',
    url: '/v1/stamppapers/csv/export',
    operationId: 'exportFailedStampPapersCsv',
    bodyLimit: LARGE_BODY_LIMIT,
    auth: 'user',
    summary:
      'The failed rows of a stamp paper import (JSON body {rows}: as the upload answered them) back as CSV with code and message columns',
    tags,
    produces: 'text/csv',
    raw: true,
    handler: async ({ request, actor, reply }) => {
      authorizeInTenant(actor, 'stampPapers.manage');
      const parsed = StampPaperCsvFailedExportSchema.safeParse(request.body);
      if (!parsed.success)
        throw new AppError(Code.INVALID_INPUT, 'Send {rows: [...]} as the upload answered them');
      return csvHeaders(reply, 'stamp-papers-failed.csv').send(failedStampPapersCsv(actor, parsed.data.rows));
    },
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v1/stamppapers/csv/export',
    operationId: 'exportStampPapersCsv',
    auth: 'user',
    summary: 'The stamp paper inventory as CSV (filters: state, denomination, status)',
    tags,
    querystring: StampPaperCsvExportQuerySchema,
    produces: 'text/csv',
    raw: true,
    handler: async ({ query, actor, deps, reply }) =>
      csvHeaders(reply, 'stamp-papers.csv').send(await exportStampPapersCsv(actor, query, deps)),
  }),
];
