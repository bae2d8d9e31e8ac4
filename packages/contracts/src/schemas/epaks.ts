import { z } from 'zod';
import { ChartScope, ChartType, SigningPolicy } from '../constants.ts';
import { Folder, SignerStatus, StepType } from '../statuses.ts';
import { IdSchema, NumberishSchema } from './envelope.ts';
import { HttpUrlSchema } from './integrations.ts';
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

/** Global search types (spec §2). `all` searches subject, names, emails and tags together. */
export const SearchKey = [
  'all',
  'from',
  'to',
  'subject',
  'workflowName',
  'createdOn',
  'expiresOn',
  'ePakTag',
] as const;
export type SearchKey = (typeof SearchKey)[number];

export const EpakSortColumn = [
  'modifiedOn',
  'sentOn',
  'subject',
  'expiredOn',
  'status',
  'createdOn',
] as const;

/** Key/value tags of an ePak; spec §3 carries them as JSON text `{"data":[{key,value}]}`. */
export const EpakTagSchema = z.object({ key: z.string().min(1).max(100), value: z.string().max(500) });

/** The ePak summary of spec §3, as lists and the dashboard show it. */
export const EpakSummarySchema = z.object({
  id: z.string(),
  ePakId: z.string(),
  ePakName: z.string(),
  subject: z.string(),
  starred: z.boolean(),
  secureDocument: z.boolean(),
  signingPolicy: z.enum(SigningPolicy),
  signingPolicyKey: z.string(),
  status: z.enum(EpakStatus),
  progressPercent: z.number().int().min(0).max(100),
  currentWorkflowStateAction: z.enum(StepType).nullable(),
  currentWorkflowStateId: z.string().nullable(),
  /** Emails of the recipients whose action the current step still waits for. */
  currentStatePendingSigners: z.array(z.string()),
  sentOn: z.string().nullable(),
  modifiedOn: z.string(),
  expiredOn: z.string().nullable(),
  retentionDate: z.string().nullable(),
  deletedOn: z.string().nullable(),
  deletedBy: z.string().nullable(),
  notificationStartDate: z.string().nullable(),
  ownerId: z.string(),
  ownerUserName: z.string(),
  ownerFirstName: z.string(),
  ownerMiddleName: z.string(),
  ownerLastName: z.string(),
  /** The viewing user's recipient entry, when they are a recipient. */
  signerId: z.string().nullable(),
  signerStatus: z.enum(SignerStatus).nullable(),
  signerUserName: z.string().nullable(),
  comments: z.string(),
  /** Spec §3: JSON text with a data list of key and value pairs. */
  tags: z.string(),
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
  searchVal: z.string().trim().max(200).optional(),
  starred: z.enum(['true', 'false']).optional(),
  role: caseInsensitive(EpakListRole).optional(),
  filter: z.string().trim().max(200).optional(),
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
  weekStart: z.string(),
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
  summary: z.record(z.string(), z.number().int()).nullable(),
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
  epak: z.object({ id: z.string(), subject: z.string() }),
  title: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

const RecipientInputSchema = z.object({
  email: EmailSchema,
  firstName: z.string().trim().max(100).default(''),
  middleName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  /** This recipient's signing policy when it differs from the step's. */
  signingPolicy: z.enum(SigningPolicy).optional(),
});
export type RecipientInput = z.infer<typeof RecipientInputSchema>;

export const StepInputSchema = z.object({
  type: z.enum(StepType),
  name: z.string().trim().max(100).default(''),
  signingPolicy: z.enum(SigningPolicy).optional(),
  minRequired: z.number().int().min(0).nullable().default(null),
  recipients: z.array(RecipientInputSchema).max(200).default([]),
});
export type StepInput = z.infer<typeof StepInputSchema>;

const EpakFields = {
  subject: z.string().trim().min(1).max(250),
  message: z.string().max(5000),
  signingPolicy: z.enum(SigningPolicy),
  steps: z.array(StepInputSchema).max(50),
  expiresOn: z.iso.datetime().nullable(),
  reminderIntervalDays: z.number().int().min(0).max(365),
  reminderMax: z.number().int().min(0).max(50),
  tags: z.array(EpakTagSchema).max(50),
  /** A code the recipients must enter before opening (secureDocument); null removes it. */
  securityCode: z.string().min(4).max(64).nullable(),
  viewEnforced: z.boolean(),
  requestLocation: z.enum(['OFF', 'OPTIONAL', 'MANDATORY']),
  workflowName: z.string().trim().max(200),
  comments: z.string().max(5000),
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
  expiresOn: EpakFields.expiresOn.default(null),
  reminderIntervalDays: EpakFields.reminderIntervalDays.default(3),
  reminderMax: EpakFields.reminderMax.default(5),
  tags: EpakFields.tags.default([]),
  securityCode: EpakFields.securityCode.default(null),
  viewEnforced: EpakFields.viewEnforced.default(false),
  requestLocation: EpakFields.requestLocation.default('OFF'),
  workflowName: EpakFields.workflowName.default(''),
  comments: EpakFields.comments.default(''),
  /** Called when the ePak completes, is rejected or expires; defaults to the OAuth client's. */
  callbackUrl: HttpUrlSchema.optional(),
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
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  status: z.string(),
  pageCount: z.number().int(),
  pages: z.array(PageGeometrySchema),
  version: z.number().int(),
  sha256: z.string(),
});
export type EpakDocument = z.infer<typeof EpakDocumentSchema>;

export const RecipientSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(SignerStatus),
  signingPolicy: z.enum(SigningPolicy),
  actedAt: z.string().nullable(),
  delegatedFromId: z.string().nullable(),
  delegatedToId: z.string().nullable(),
  reason: z.string().nullable(),
});

export const StepSchema = z.object({
  id: z.string(),
  wfOrderId: z.number().int(),
  type: z.enum(StepType),
  name: z.string(),
  signingPolicy: z.enum(SigningPolicy),
  minRequired: z.number().int().nullable(),
  status: z.enum(['waiting', 'current', 'done']),
  recipients: z.array(RecipientSchema),
});

/** `GET /v2/epaks/{ePakId}`: the summary plus documents, steps and what the viewer may do. */
export const EpakDetailSchema = EpakSummarySchema.extend({
  message: z.string(),
  expiresOn: z.string().nullable(),
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
  label: z.string().nullable(),
  /** A: letters and digits; N: digits only. */
  format: z.enum(['A', 'N']).nullable(),
});
export type AuthFactor = z.infer<typeof AuthFactorSchema>;

/** `POST /v2/epak/sign/auth`: the token the sign call takes, the certificate, and the factors wanted. */
export const SignAuthChallengeSchema = z.object({
  signAuthToken: z.string(),
  expiresIn: z.number().int(),
  policy: z.string(),
  provider: z.string(),
  credentialId: z.string(),
  certificate: z.object({
    subject: z.string(),
    issuer: z.string(),
    serialNumber: z.string(),
    notBefore: z.string(),
    notAfter: z.string(),
  }),
  pin: AuthFactorSchema.nullable(),
  otp: AuthFactorSchema.nullable(),
});
export type SignAuthChallenge = z.infer<typeof SignAuthChallengeSchema>;
