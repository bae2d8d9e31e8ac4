import { z } from 'zod';
import { ChartScope, ChartType, SigningPolicy } from '../constants.ts';
import { EpakSortColumn, SearchKey } from '../epak-lists.ts';
import { ComposeStampPaperSchema } from '../stamp-papers.ts';
import { Folder, SignerStatus, StepType } from '../statuses.ts';
import { IdSchema, NumberishSchema } from './envelope.ts';
import { HttpUrlSchema } from './integrations.ts';
import { text } from './text.ts';
import { EmailSchema } from './users.ts';

/** ePak statuses (DOMAIN.md "ePak status"). */
export const EpakStatus = [
  'Draft',
  'InProgress',
  'Completed',
  'Rejected',
  'Stopped',
  'Expired',
  'Deleted',
  'Archived',
] as const;
export type EpakStatus = (typeof EpakStatus)[number];

/** Key/value tags of an ePak; spec §3 carries them as JSON text `{"data":[{key,value}]}`. */
export const EpakTagSchema = z.object({ key: text().min(1).max(100), value: text().max(500) });

/** The ePak summary of spec §3, as lists and the dashboard show it. */
export const EpakSummarySchema = z.object({
  id: text(),
  ePakId: text(),
  ePakName: text(),
  subject: text(),
  starred: z.boolean(),
  secureDocument: z.boolean(),
  signingPolicy: z.enum(SigningPolicy),
  signingPolicyKey: text(),
  status: z.enum(EpakStatus),
  progressPercent: z.number().int().min(0).max(100),
  currentWorkflowStateAction: z.enum(StepType).nullable(),
  currentWorkflowStateId: text().nullable(),
  /** Emails of the recipients whose action the current step still waits for. */
  currentStatePendingSigners: z.array(text()),
  sentOn: text().nullable(),
  modifiedOn: text(),
  expiredOn: text().nullable(),
  retentionDate: text().nullable(),
  deletedOn: text().nullable(),
  deletedBy: text().nullable(),
  notificationStartDate: text().nullable(),
  ownerId: text(),
  ownerUserName: text(),
  ownerFirstName: text(),
  ownerMiddleName: text(),
  ownerLastName: text(),
  /** The viewing user's recipient entry, when they are a recipient. */
  signerId: text().nullable(),
  signerStatus: z.enum(SignerStatus).nullable(),
  signerUserName: text().nullable(),
  comments: text(),
  /** Spec §3: JSON text with a data list of key and value pairs. */
  tags: text(),
  archivalPeriodOver: z.boolean(),
  checked: z.boolean(),
  viewEnforced: z.boolean(),
  isRead: z.boolean(),
  requestLocation: z.boolean(),
  custodian: z.boolean(),
});
export type EpakSummary = z.infer<typeof EpakSummarySchema>;

/**
 * Older integrations list by their part in the ePak instead of by folder (issue 7): `Custodian`
 * (ePaks they own), `Signer` (they sign in a step), `Reviewer` (they review in a step).
 */
export const EpakListRole = ['Custodian', 'Signer', 'Reviewer'] as const;
export type EpakListRole = (typeof EpakListRole)[number];

/** Those integrations' `filterKey` names for the global-search keys. */
export const FILTER_KEY_SEARCH_KEYS = {
  ALL: 'all',
  FROM: 'from',
  TO: 'to',
  SUBJECT: 'subject',
  WORKFLOWNAME: 'workflowName',
  CREATEDON: 'createdOn',
  EXPIRESON: 'expiresOn',
  EPAKTAG: 'ePakTag',
} as const satisfies Record<string, SearchKey>;

const caseInsensitive = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (values.find((x) => x.toLowerCase() === v.toLowerCase()) ?? v) : v),
    z.enum(values),
  );

/**
 * `GET /v2/epaks` query. Answers `data: EpakSummary[]` and `metadata: EpakListMetadata`. With
 * `role`, the list is every ePak where the viewer plays that part (any status but Deleted)
 * instead of a folder; `filter` with `filterKey` is the same search as `searchVal`/`searchKey`.
 */
export const EpakListQuerySchema = z.object({
  pg: NumberishSchema.pipe(z.number().int().min(1)).default(1),
  size: NumberishSchema.pipe(z.number().int().min(1).max(200)).default(20),
  folder: z.enum(Folder).default('Inbox'),
  sort: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('DESC'),
  sortColumn: z.enum(EpakSortColumn).default('modifiedOn'),
  searchKey: z.enum(SearchKey).optional(),
  searchVal: text().trim().max(200).optional(),
  starred: z.enum(['true', 'false']).optional(),
  role: caseInsensitive(EpakListRole).optional(),
  filter: text().trim().max(200).optional(),
  filterKey: caseInsensitive(
    Object.keys(FILTER_KEY_SEARCH_KEYS) as [
      keyof typeof FILTER_KEY_SEARCH_KEYS,
      ...(keyof typeof FILTER_KEY_SEARCH_KEYS)[],
    ],
  ).optional(),
});
export type EpakListQuery = z.infer<typeof EpakListQuerySchema>;

export const EpakListMetadataSchema = z.object({
  totalCount: z.number().int(),
  pg: z.number().int(),
  pageSize: z.number().int(),
  /** Count per folder for the viewing user (spec §4 folders), for the folder list. */
  folderCounts: z.record(z.enum(Folder), z.number().int()),
  /** Unread ePaks in the Inbox. */
  unread: z.number().int(),
});
export type EpakListMetadata = z.infer<typeof EpakListMetadataSchema>;

/** `GET /v2/statistics` query (spec §9 charts). */
export const StatisticsQuerySchema = z.object({
  scope: z.enum(ChartScope).default('user'),
  type: z.enum(ChartType).default('summary'),
  groupId: IdSchema.optional(),
  userId: IdSchema.optional(),
  /** Weekly charts: how many weeks back, ending with the current week. */
  weeks: NumberishSchema.pipe(z.number().int().min(1).max(52)).default(8),
});
export type StatisticsQuery = z.infer<typeof StatisticsQuerySchema>;

export const WeeklyPointSchema = z.object({
  /** Monday of the week, ISO date. */
  weekStart: text(),
  received: z.number().int().optional(),
  rejected: z.number().int().optional(),
  signed: z.number().int().optional(),
  pending: z.number().int(),
  created: z.number().int(),
  stopped: z.number().int(),
  completed: z.number().int(),
});

export const StatisticsSchema = z.object({
  scope: z.enum(ChartScope),
  type: z.enum(ChartType),
  /** Summary: ePak counts by status. */
  summary: z.record(text(), z.number().int()).nullable(),
  /** Weekly: one point per week; user and group scopes carry only pending, created, stopped, completed. */
  weekly: z.array(WeeklyPointSchema).nullable(),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

/** A push notification (spec §3), sent on the per-user, per-tenant topic. */
export const NotificationType = [
  'signRequest',
  'reviewRequest',
  'signCompleted',
  'signDeclined',
  'epakReassignment',
  'signerComments',
  'reviewerComments',
  'epakDelegated',
  'epakDeleted',
] as const;
export type NotificationType = (typeof NotificationType)[number];

export const NotificationSchema = z.object({
  notificationType: z.enum(NotificationType),
  epak: z.object({ id: text(), subject: text() }),
  title: text(),
  body: text(),
  sentAt: text(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const RecipientInputSchema = z.object({
  email: EmailSchema,
  firstName: text().trim().max(100).default(''),
  middleName: text().trim().max(100).default(''),
  lastName: text().trim().max(100).default(''),
  /** This recipient's signing policy when it differs from the step's. */
  signingPolicy: z.enum(SigningPolicy).optional(),
});
export type RecipientInput = z.infer<typeof RecipientInputSchema>;

/** A role's name in a workflow template ("Employee", "Manager"): the person is chosen at compose. */
export const TemplateRoleNameSchema = text().trim().min(1).max(100);

export const StepInputSchema = z.object({
  type: z.enum(StepType),
  name: text().trim().max(100).default(''),
  signingPolicy: z.enum(SigningPolicy).optional(),
  minRequired: z.number().int().min(0).nullable().default(null),
  recipients: z.array(RecipientInputSchema).max(200).default([]),
});
export type StepInput = z.infer<typeof StepInputSchema>;

const EpakFields = {
  subject: text().trim().min(1).max(250),
  message: text().max(5000),
  signingPolicy: z.enum(SigningPolicy),
  steps: z.array(StepInputSchema).max(50),
  expiresOn: z.iso.datetime().nullable(),
  reminderIntervalDays: z.number().int().min(0).max(365),
  reminderMax: z.number().int().min(0).max(50),
  tags: z.array(EpakTagSchema).max(50),
  /** A code the recipients must enter before opening (secureDocument); null removes it. */
  securityCode: text().min(4).max(64).nullable(),
  viewEnforced: z.boolean(),
  requestLocation: z.enum(['OFF', 'OPTIONAL', 'MANDATORY']),
  workflowName: text().trim().max(200),
  comments: text().max(5000),
};

/** `POST /v2/epak`: a draft from uploaded documents (or a document template). */
export const CreateEpakSchema = z.object({
  documentIds: z.array(IdSchema).max(100).default([]),
  documentTemplateId: IdSchema.optional(),
  workflowTemplateId: IdSchema.optional(),
  subject: EpakFields.subject.optional(),
  message: EpakFields.message.default(''),
  signingPolicy: EpakFields.signingPolicy.default('ESIGNATURE'),
  steps: EpakFields.steps.default([]),
  /** Unset: the workflow template's expiry days from now (if any); null: no expiry. */
  expiresOn: EpakFields.expiresOn.optional(),
  /** Unset: the workflow template's, else Limits.REMINDER_INTERVAL_DAYS and REMINDER_MAX. */
  reminderIntervalDays: EpakFields.reminderIntervalDays.optional(),
  reminderMax: EpakFields.reminderMax.optional(),
  /** The people who fill the workflow template's roles, by role name (used when no steps are given). */
  roleRecipients: z
    .array(RecipientInputSchema.extend({ role: TemplateRoleNameSchema }))
    .max(50)
    .default([]),
  tags: EpakFields.tags.default([]),
  securityCode: EpakFields.securityCode.default(null),
  viewEnforced: EpakFields.viewEnforced.default(false),
  requestLocation: EpakFields.requestLocation.default('OFF'),
  workflowName: EpakFields.workflowName.default(''),
  comments: EpakFields.comments.default(''),
  /** Called when the ePak completes, is rejected or expires; defaults to the OAuth client's. */
  callbackUrl: HttpUrlSchema.optional(),
  /** A stamp paper prepended as page 1 of a document (stamp-papers.ts). */
  stampPaper: ComposeStampPaperSchema.optional(),
});
export type CreateEpak = z.infer<typeof CreateEpakSchema>;

/** `POST /v2/epak/edit`: any of the draft's fields; once sent only subject, message, expiry and reminders. */
export const EditEpakSchema = z.object({
  ePakId: IdSchema,
  documentIds: z.array(IdSchema).max(100).optional(),
  subject: EpakFields.subject.optional(),
  message: EpakFields.message.optional(),
  signingPolicy: EpakFields.signingPolicy.optional(),
  steps: EpakFields.steps.optional(),
  expiresOn: EpakFields.expiresOn.optional(),
  reminderIntervalDays: EpakFields.reminderIntervalDays.optional(),
  reminderMax: EpakFields.reminderMax.optional(),
  tags: EpakFields.tags.optional(),
  securityCode: EpakFields.securityCode.optional(),
  viewEnforced: EpakFields.viewEnforced.optional(),
  requestLocation: EpakFields.requestLocation.optional(),
  workflowName: EpakFields.workflowName.optional(),
  comments: EpakFields.comments.optional(),
});
export type EditEpak = z.infer<typeof EditEpakSchema>;

export const PageGeometrySchema = z.object({
  pageNumber: z.number().int(),
  width: z.number(),
  height: z.number(),
  rotate: z.number().int(),
});

export const EpakDocumentSchema = z.object({
  id: text(),
  name: text(),
  position: z.number().int(),
  status: text(),
  pageCount: z.number().int(),
  pages: z.array(PageGeometrySchema),
  version: z.number().int(),
  sha256: text(),
});
export type EpakDocument = z.infer<typeof EpakDocumentSchema>;

export const RecipientSchema = z.object({
  id: text(),
  userId: text(),
  email: text(),
  firstName: text(),
  lastName: text(),
  status: z.enum(SignerStatus),
  signingPolicy: z.enum(SigningPolicy),
  actedAt: text().nullable(),
  delegatedFromId: text().nullable(),
  delegatedToId: text().nullable(),
  reason: text().nullable(),
});

export const StepSchema = z.object({
  id: text(),
  wfOrderId: z.number().int(),
  type: z.enum(StepType),
  name: text(),
  signingPolicy: z.enum(SigningPolicy),
  minRequired: z.number().int().nullable(),
  status: z.enum(['waiting', 'current', 'done']),
  recipients: z.array(RecipientSchema),
});

/** `GET /v2/epaks/{ePakId}`: the summary plus documents, steps and what the viewer may do. */
export const EpakDetailSchema = EpakSummarySchema.extend({
  message: text(),
  expiresOn: text().nullable(),
  reminderIntervalDays: z.number().int(),
  reminderMax: z.number().int(),
  documents: z.array(EpakDocumentSchema),
  steps: z.array(StepSchema),
  /** What the viewing user may do now. */
  can: z.object({
    edit: z.boolean(),
    start: z.boolean(),
    sign: z.boolean(),
    review: z.boolean(),
    reject: z.boolean(),
    delegate: z.boolean(),
    stop: z.boolean(),
    delete: z.boolean(),
    archive: z.boolean(),
  }),
});
export type EpakDetail = z.infer<typeof EpakDetailSchema>;

/** What a remote signing service asks the signer for (`POST /v2/epak/sign/auth`). */
export const AuthFactorSchema = z.object({
  required: z.boolean(),
  label: text().nullable(),
  /** A: letters and digits; N: digits only. */
  format: z.enum(['A', 'N']).nullable(),
});
export type AuthFactor = z.infer<typeof AuthFactorSchema>;

/** `POST /v2/epak/sign/auth`: the token the sign call takes, the certificate, and the factors wanted. */
export const SignAuthChallengeSchema = z.object({
  signAuthToken: text(),
  expiresIn: z.number().int(),
  policy: text(),
  provider: text(),
  credentialId: text(),
  certificate: z.object({
    subject: text(),
    issuer: text(),
    serialNumber: text(),
    notBefore: text(),
    notAfter: text(),
  }),
  pin: AuthFactorSchema.nullable(),
  otp: AuthFactorSchema.nullable(),
});
export type SignAuthChallenge = z.infer<typeof SignAuthChallengeSchema>;
