import {
  BulkSignItemSchema,
  BulkSignRequestSchema,
  EmailSchema,
  IdSchema,
  NumberishSchema,
  StatisticsQuerySchema,
  StatisticsSchema,
  TokenResponseSchema,
} from '@signet/contracts';
import { z } from 'zod';
import { attachDocuments, attachToTag, downloadAttachment } from '../../../domain/epaks/attach.ts';
import { bulkSign } from '../../../domain/epaks/bulk-sign.ts';
import { exchangeEasySignLink } from '../../../domain/epaks/easy-sign.ts';
import { epakActivity } from '../../../domain/epaks/epak-activity.ts';
import {
  archiveEpak,
  deleteEpaks,
  deleteSigner,
  sendReminder,
  setArchivalPeriod,
  setNotificationDate,
  updateEpakStatus,
} from '../../../domain/epaks/owner-actions.ts';
import { addReason, editReason, getReasons } from '../../../domain/epaks/reasons.ts';
import { cancelDelegation, delegateEpak, rejectEpak } from '../../../domain/epaks/recipient-actions.ts';
import { statistics } from '../../../domain/epaks/statistics.ts';
import { unlockEpak } from '../../../domain/epaks/unlock-epak.ts';
import { LARGE_BODY_LIMIT } from '../../body-limits.ts';
import { multipartFiles } from '../../multipart-files.ts';
import { defineRawRoute, defineRoute } from '../../route.ts';
import { sendFile } from '../../send-file.ts';

const tags = ['ePaks'];
const EpakPath = z.object({ ePakId: IdSchema });
const Status = z.object({ status: z.string() });

const ReasonSchema = z.object({
  reasonId: z.number().int(),
  reason: z.string(),
  kind: z.string(),
  enabled: z.boolean(),
});

export const lifecycleRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/epak/status',
    operationId: 'setEpakStatus',
    auth: 'user',
    summary: 'Stops a sent ePak (status Stopped) or resumes it (status InProgress)',
    tags,
    body: z.object({ ePakId: IdSchema, status: z.enum(['Stopped', 'InProgress']) }),
    response: Status,
    handler: ({ body, actor, deps }) => updateEpakStatus(actor, body.ePakId, body.status, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/updateEpakArchivalPeriod/:ePakId',
    operationId: 'setEpakArchivalPeriod',
    auth: 'user',
    summary: 'Days a completed ePak is kept (its retention date)',
    tags,
    params: EpakPath,
    body: z.object({ archivalPeriod: NumberishSchema.pipe(z.number().int().min(0).max(36_500)) }),
    response: z.object({ archivalPeriodDays: z.number().int(), retentionDate: z.string().nullable() }),
    handler: ({ params, body, actor, deps }) =>
      setArchivalPeriod(actor, params.ePakId, body.archivalPeriod, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v2/epak/notif/date',
    operationId: 'setEpakNotificationDate',
    auth: 'user',
    summary: 'When reminders may start',
    tags,
    body: z.object({ ePakId: IdSchema, notificationStartDate: z.iso.datetime().nullable() }),
    response: z.object({ notificationStartDate: z.string().nullable() }),
    handler: ({ body, actor, deps }) =>
      setNotificationDate(actor, body.ePakId, body.notificationStartDate, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/:ePakId/archive',
    operationId: 'archiveEpak',
    auth: 'user',
    summary: 'Archives a finished ePak',
    tags,
    params: EpakPath,
    response: Status,
    handler: ({ params, actor, deps }) => archiveEpak(actor, params.ePakId, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v2/epaks',
    operationId: 'deleteEpaks',
    auth: 'user',
    summary: 'Deletes ePaks (soft; completed ones only after their retention date, -25)',
    tags,
    body: z.object({ ePakIds: z.array(IdSchema).min(1).max(200) }),
    response: z.object({ deleted: z.number().int() }),
    handler: ({ body, actor, deps }) => deleteEpaks(actor, body.ePakIds, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/activity',
    operationId: 'getEpakActivity',
    auth: 'user',
    summary: 'The ePak’s activity, from the tenant’s hash-chained log',
    tags,
    params: EpakPath,
    response: z.array(
      z.object({
        seq: z.number().int(),
        action: z.string(),
        actorEmail: z.string().nullable(),
        actorName: z.string().optional(),
        documentName: z.string().optional(),
        details: z.record(z.string(), z.unknown()),
        ip: z.string().nullable(),
        at: z.string(),
        hash: z.string(),
      }),
    ),
    handler: ({ params, actor, deps }) => epakActivity(actor, params.ePakId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/unlock',
    operationId: 'unlockEpak',
    auth: 'user',
    linkSession: true,
    summary: 'A recipient enters the ePak’s security code (secureDocument) to open it (-12 when wrong)',
    tags,
    params: EpakPath,
    body: z.object({ securityCode: z.string().min(1).max(64) }),
    response: z.object({ unlocked: z.boolean() }),
    rateLimited: true,
    handler: ({ params, body, actor, deps }) => unlockEpak(actor, params.ePakId, body.securityCode, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/reject',
    operationId: 'rejectEpak',
    auth: 'user',
    linkSession: true,
    summary: 'Declines the ePak with a reason from the list (-49 without one)',
    tags,
    params: EpakPath,
    body: z.object({
      reasonId: NumberishSchema.pipe(z.number().int()).optional(),
      comment: z.string().max(2000).optional(),
    }),
    response: Status,
    handler: ({ params, body, actor, origin, deps }) => rejectEpak(actor, params.ePakId, body, origin, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/delegate',
    operationId: 'delegateEpak',
    auth: 'user',
    linkSession: true,
    summary: 'Hands the recipient’s action to someone else (-163 where not allowed)',
    tags,
    params: EpakPath,
    body: z.object({
      email: EmailSchema,
      firstName: z.string().trim().max(100).default(''),
      lastName: z.string().trim().max(100).default(''),
      reasonId: NumberishSchema.pipe(z.number().int()).optional(),
      comment: z.string().max(2000).optional(),
    }),
    response: z.object({ delegateId: z.string() }),
    handler: ({ params, body, actor, deps }) => delegateEpak(actor, params.ePakId, body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/user/:userEmail/:workflowStateId/delegatecancel',
    operationId: 'cancelDelegation',
    auth: 'user',
    summary: 'Takes a delegated action back while the delegate has not acted (-163 otherwise)',
    tags,
    params: z.object({ ePakId: IdSchema, userEmail: z.string(), workflowStateId: IdSchema }),
    response: Status,
    handler: ({ params, actor, deps }) =>
      cancelDelegation(actor, params.ePakId, params.userEmail, params.workflowStateId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/:ePakId/user/:userId/state/:state/wforder/:wfOrderId/reminder',
    operationId: 'sendReminder',
    auth: 'user',
    summary: 'Reminds a recipient whose turn it is',
    tags,
    params: z.object({
      ePakId: IdSchema,
      userId: IdSchema,
      state: IdSchema,
      wfOrderId: NumberishSchema.pipe(z.number().int()),
    }),
    response: z.object({ reminded: z.string() }),
    handler: ({ params, actor, deps }) =>
      sendReminder(actor, params.ePakId, params.userId, params.state, params.wfOrderId, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/epak/:ePakId/deleteSigner',
    operationId: 'deleteSigner',
    auth: 'user',
    summary: 'Removes a recipient who has not acted',
    tags,
    params: EpakPath,
    body: z.object({ recipientId: IdSchema }),
    response: Status,
    handler: ({ params, body, actor, deps }) => deleteSigner(actor, params.ePakId, body.recipientId, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/epaks/:ePakId/exchange',
    operationId: 'exchangeEasySignLink',
    auth: 'public',
    summary:
      'Exchanges an easy-sign token (in the ePakId position) for a session that reaches that ePak only (-42 when invalid or used)',
    tags,
    params: z.object({ ePakId: z.string().min(20).max(100) }),
    querystring: z.object({ code: z.string().max(64).optional() }),
    response: TokenResponseSchema.extend({ ePakId: z.string(), recipientId: z.string() }),
    rateLimited: true,
    handler: ({ params, query, origin, deps }) =>
      exchangeEasySignLink(params.ePakId, query.code, origin, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epaks/bulksign',
    operationId: 'bulkSignEpaks',
    auth: 'user',
    summary:
      'Signs up to 100 ePaks with one signature (and PIN): SIGNED, or SKIPPED with the code, reason and fields to fill, per ePak',
    tags,
    body: BulkSignRequestSchema,
    bodyLimit: LARGE_BODY_LIMIT,
    response: z.array(BulkSignItemSchema),
    handler: ({ body, actor, origin, deps }) => bulkSign(actor, body, origin, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/:ePakId/document/:docId/tag/:tagId/attach',
    operationId: 'attachToTag',
    multipart: { file: 'file' },
    auth: 'user',
    linkSession: true,
    summary: 'Uploads the file an attachment tag asks for (multipart "file"; -109 without one)',
    tags,
    params: z.object({ ePakId: IdSchema, docId: IdSchema, tagId: IdSchema }),
    response: z.object({ tagId: z.string(), value: z.string(), status: z.literal('done') }),
    handler: async ({ params, request, actor, deps }) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      const file = part
        ? { fileName: part.filename, mimeType: part.mimetype, bytes: new Uint8Array(await part.toBuffer()) }
        : null;
      return attachToTag(actor, params.ePakId, params.docId, params.tagId, file, deps);
    },
  }),
  defineRawRoute({
    method: 'GET',
    url: '/v2/epak/:ePakId/document/:docId/tag/:tagId/attach',
    operationId: 'downloadTagAttachment',
    auth: 'user',
    linkSession: true,
    summary: 'The file given to an attachment tag (-1006 when it has none)',
    tags,
    params: z.object({ ePakId: IdSchema, docId: IdSchema, tagId: IdSchema }),
    produces: '*/*',
    raw: true,
    handler: async ({ params, actor, deps, reply }) =>
      sendFile(reply, await downloadAttachment(actor, params.ePakId, params.docId, params.tagId, deps)),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/epak/:ePakId/attach',
    operationId: 'attachDocuments',
    multipart: { file: 'files' },
    auth: 'user',
    summary: 'Adds documents to an ePak that has not ended (multipart; -109 without a file)',
    tags,
    params: EpakPath,
    response: z.array(z.object({ documentId: z.string(), name: z.string() }).loose()),
    handler: ({ params, request, actor, deps }) =>
      attachDocuments(actor, params.ePakId, multipartFiles(request), deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/statistics',
    operationId: 'getStatistics',
    auth: 'user',
    summary: 'Dashboard charts: summary or weekly, for the scopes user, group, all and groupuser',
    tags,
    querystring: StatisticsQuerySchema,
    response: StatisticsSchema,
    handler: ({ query, actor, deps }) => statistics(actor, query, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/reasons',
    operationId: 'listReasons',
    auth: 'user',
    linkSession: true,
    summary: 'Reasons offered when rejecting, signing or delegating',
    tags: ['Reasons'],
    response: z.array(ReasonSchema),
    handler: ({ actor, deps }) => getReasons(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/reasons',
    operationId: 'addReason',
    auth: 'user',
    summary: 'Admin: adds a reason',
    tags: ['Reasons'],
    body: z.object({
      reason: z.string().trim().min(1).max(300),
      kind: z.enum(['reject', 'sign', 'delegate']).default('reject'),
    }),
    response: ReasonSchema,
    handler: ({ body, actor, deps }) => addReason(actor, body, deps),
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/reasons',
    operationId: 'updateReason',
    auth: 'user',
    summary: 'Admin: rewords or disables a reason',
    tags: ['Reasons'],
    body: z.object({
      reasonId: z.number().int(),
      reason: z.string().trim().min(1).max(300).optional(),
      enabled: z.boolean().optional(),
    }),
    response: ReasonSchema,
    handler: ({ body, actor, deps }) => editReason(actor, body, deps),
  }),
];
