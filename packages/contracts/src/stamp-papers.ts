import { z } from 'zod';
import { STAMP_DENOMINATIONS } from './constants.ts';
import { IdSchema } from './schemas/envelope.ts';
import { text } from './schemas/text.ts';
import { StampPaperStatus } from './statuses.ts';

/**
 * Stamp papers (spec §3, §4, §7 "Stamp papers and rubber stamps", §9 denominations): India's
 * e-stamp papers a tenant keeps in stock, assigns to people or groups, and prepends as page 1
 * of a composed document. Statuses: AVAILABLE (shown Unused), DRAFT (reserved by a draft),
 * EPAK (shown Pending: the ePak was sent), CONSUMED (shown Used: the ePak completed).
 */

export type StampDenomination = (typeof STAMP_DENOMINATIONS)[number];

/** How the screen shows each status (spec §4). */
export const STAMP_PAPER_STATUS_LABEL: Record<StampPaperStatus, string> = {
  AVAILABLE: 'Unused',
  CONSUMED: 'Used',
  DRAFT: 'DRAFT',
  EPAK: 'Pending',
};

/**
 * India's states and union territories: ISO 3166-2:IN codes (the two letters after "IN-", as
 * amended in 2023: CG, OD, TS, UK).
 */
export const INDIA_STATE_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CH',
  'CG',
  'DH',
  'DL',
  'GA',
  'GJ',
  'HR',
  'HP',
  'JK',
  'JH',
  'KA',
  'KL',
  'LA',
  'LD',
  'MP',
  'MH',
  'MN',
  'ML',
  'MZ',
  'NL',
  'OD',
  'PY',
  'PB',
  'RJ',
  'SK',
  'TN',
  'TS',
  'TR',
  'UP',
  'UK',
  'WB',
] as const;
export type IndiaStateCode = (typeof INDIA_STATE_CODES)[number];

/** The states' English names: the server's files and pages (the web app has its own words in three languages). */
export const INDIA_STATE_NAMES_EN: Record<IndiaStateCode, string> = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CH: 'Chandigarh',
  CG: 'Chhattisgarh',
  DH: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HR: 'Haryana',
  HP: 'Himachal Pradesh',
  JK: 'Jammu and Kashmir',
  JH: 'Jharkhand',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MP: 'Madhya Pradesh',
  MH: 'Maharashtra',
  MN: 'Manipur',
  ML: 'Meghalaya',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OD: 'Odisha',
  PY: 'Puducherry',
  PB: 'Punjab',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TN: 'Tamil Nadu',
  TS: 'Telangana',
  TR: 'Tripura',
  UP: 'Uttar Pradesh',
  UK: 'Uttarakhand',
  WB: 'West Bengal',
};

/** The English name of a state code ('' for an unknown one). */
export function indiaStateName(code: string): string {
  return (INDIA_STATE_NAMES_EN as Record<string, string>)[code] ?? '';
}

export const IndiaStateCodeSchema = z.enum(INDIA_STATE_CODES);
/** One of spec §9's denominations (in rupees); form fields and CSV cells may carry it as text. */
export const StampDenominationSchema = z.coerce
  .number()
  .refine((v): v is StampDenomination => (STAMP_DENOMINATIONS as readonly number[]).includes(v), {
    message: `must be one of ${STAMP_DENOMINATIONS.join(', ')}`,
  });
export const StampPaperStatusSchema = z.enum(StampPaperStatus);
/** The stamp's own id (the e-stamp certificate number or UUID), unique per tenant (-203). */
export const StampIdSchema = text().trim().min(1).max(100);

export const StampPaperUserSchema = z.object({
  id: text(),
  firstName: text(),
  lastName: text(),
  email: text(),
});
export const StampPaperGroupSchema = z.object({ groupId: text(), groupName: text() });

/** Where a paper is used: the ePak and document it was prepended to (while DRAFT, EPAK or CONSUMED). */
export const StampPaperUseSchema = z.object({ ePakId: text(), documentId: text().nullable() });

export const StampPaperSchema = z.object({
  stampPaperId: text(),
  stampId: text(),
  stateCode: text(),
  stateName: text(),
  denomination: z.number().int(),
  status: StampPaperStatusSchema,
  /** The certificate's type: an uploaded PDF or image, or `generated` (CSV imports: a page stating the paper). */
  certificateType: z.enum(['application/pdf', 'image/png', 'image/jpeg', 'generated']),
  assignedUsers: z.array(StampPaperUserSchema),
  assignedGroups: z.array(StampPaperGroupSchema),
  usedIn: StampPaperUseSchema.nullable(),
  consumedOn: text().nullable(),
  createdBy: text(),
  createdOn: text(),
  updatedOn: text(),
});
export type StampPaper = z.infer<typeof StampPaperSchema>;

/**
 * `POST /v2/stamppaper` (multipart): `certificate` (a PDF, PNG or JPEG file, at most
 * `STAMP_CERTIFICATE_MAX_BYTES`) and these text fields.
 */
export const AddStampPaperFieldsSchema = z.object({
  stampId: StampIdSchema,
  stateCode: IndiaStateCodeSchema,
  denomination: StampDenominationSchema,
});
export type AddStampPaperFields = z.infer<typeof AddStampPaperFieldsSchema>;
export const STAMP_CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

/** `PUT /v2/stamppaper`: only an AVAILABLE paper changes (-82 otherwise); -203 for a taken stamp id. */
export const UpdateStampPaperSchema = z.object({
  stampPaperId: IdSchema,
  stampId: StampIdSchema.optional(),
  stateCode: IndiaStateCodeSchema.optional(),
  denomination: StampDenominationSchema.optional(),
});
export type UpdateStampPaper = z.infer<typeof UpdateStampPaperSchema>;

/** `POST /v2/stamppapers`: filters and paging (pg from 1). */
export const ListStampPapersSchema = z.object({
  stateCode: IndiaStateCodeSchema.optional(),
  denomination: StampDenominationSchema.optional(),
  status: StampPaperStatusSchema.optional(),
  /** Papers assigned to this user directly (not through groups). */
  assigneeUserId: IdSchema.optional(),
  assigneeGroupId: IdSchema.optional(),
  /** `true`: papers assigned to nobody. */
  unassigned: z.boolean().optional(),
  /** Part of the stamp id. */
  stampId: text().trim().max(100).optional(),
  pg: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});
export type ListStampPapers = z.input<typeof ListStampPapersSchema>;

export const StampPaperPageSchema = z.object({
  stampPapers: z.array(StampPaperSchema),
  totalCount: z.number().int(),
  pg: z.number().int(),
  pageSize: z.number().int(),
});
export type StampPaperPage = z.infer<typeof StampPaperPageSchema>;

/** `DELETE /v2/stamppapers/{stamps}`: comma-separated stamp paper ids (at most 200). */
export const DeleteStampPapersPathSchema = z.object({
  stamps: text()
    .max(200 * 37)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(IdSchema).min(1).max(200)),
});
/** All or nothing: a paper in use (not AVAILABLE) answers -82 with `data.inUse`, an unknown one -1 (404). */
export const DeleteStampPapersResultSchema = z.object({ deleted: z.number().int() });

export const StampPaperCountsSchema = z.object({
  AVAILABLE: z.number().int(),
  DRAFT: z.number().int(),
  EPAK: z.number().int(),
  CONSUMED: z.number().int(),
  total: z.number().int(),
});
export type StampPaperCounts = z.infer<typeof StampPaperCountsSchema>;

/** `GET /v2/stamppaper/stats`: counts per state × denomination × status, and the totals. */
export const StampPaperStatsQuerySchema = z.object({ stateCode: IndiaStateCodeSchema.optional() });
export const StampPaperStatsSchema = z.object({
  rows: z.array(
    StampPaperCountsSchema.extend({ stateCode: text(), stateName: text(), denomination: z.number().int() }),
  ),
  totals: StampPaperCountsSchema,
});
export type StampPaperStats = z.infer<typeof StampPaperStatsSchema>;

const TargetsSchema = {
  userIds: z.array(IdSchema).max(200).default([]),
  groupIds: z.array(IdSchema).max(200).default([]),
};
const targetsGiven = (v: { userIds: string[]; groupIds: string[] }) =>
  v.userIds.length + v.groupIds.length > 0;

/** `POST /v2/stamppaper/assign`: these papers become usable by these users and groups (added to what they had). */
export const AssignStampPapersSchema = z
  .object({ stampPaperIds: z.array(IdSchema).min(1).max(200), ...TargetsSchema })
  .refine(targetsGiven, { message: 'name at least one user or group' });
export type AssignStampPapers = z.input<typeof AssignStampPapersSchema>;

/**
 * `POST /v2/stamppaper/bulkassign`: `count` AVAILABLE papers of the denomination (and state)
 * that nobody has yet, oldest first, to these users and groups. Fewer in stock: -6 with `data.available`.
 */
export const BulkAssignStampPapersSchema = z
  .object({
    count: z.number().int().min(1).max(1000),
    denomination: StampDenominationSchema,
    stateCode: IndiaStateCodeSchema.optional(),
    ...TargetsSchema,
  })
  .refine(targetsGiven, { message: 'name at least one user or group' });
export type BulkAssignStampPapers = z.input<typeof BulkAssignStampPapersSchema>;

/**
 * `POST /v2/stamppaper/bulkrevoke`: takes back the assignments made from `fromDate` to `toDate`
 * (ISO dates or date-times, inclusive) of AVAILABLE papers, from these users and groups (none
 * named: from everyone), optionally of one denomination and state. -209 when a date is not a
 * date, `fromDate` is after `toDate`, or either is in the future.
 */
export const BulkRevokeStampPapersSchema = z.object({
  fromDate: text().max(40),
  toDate: text().max(40),
  denomination: StampDenominationSchema.optional(),
  stateCode: IndiaStateCodeSchema.optional(),
  ...TargetsSchema,
});
export type BulkRevokeStampPapers = z.input<typeof BulkRevokeStampPapersSchema>;

export const StampPaperAssignResultSchema = z.object({
  /** Assignments added (assign, bulk assign) or taken back (bulk revoke). */
  changed: z.number().int(),
  stampPaperIds: z.array(text()),
});
export type StampPaperAssignResult = z.infer<typeof StampPaperAssignResultSchema>;

/** `GET /v2/stamppaper/user/groupedstamps`: what the caller may put on a document now. */
export const GroupedStampSchema = z.object({
  stateCode: text(),
  stateName: text(),
  denomination: z.number().int(),
  count: z.number().int(),
});
export const GroupedStampsSchema = z.array(GroupedStampSchema);
export type GroupedStamp = z.infer<typeof GroupedStampSchema>;

/**
 * The stamp paper chosen for a document at compose: a specific paper, or any AVAILABLE one of a
 * state and denomination that the composer may use (directly or through a group). Its page is
 * prepended as page 1; nothing left: -1 (409) with `data.stampPaper`.
 */
export const StampPaperChoiceSchema = z.union([
  z.object({ stampPaperId: IdSchema }),
  z.object({ stateCode: IndiaStateCodeSchema, denomination: StampDenominationSchema }),
]);
export type StampPaperChoice = z.infer<typeof StampPaperChoiceSchema>;

/**
 * `stampPaper` of `POST /v2/epak` (and bulk compose runs): the choice and the document whose page 1
 * it becomes (default: the first document). The paper is reserved (DRAFT) with the draft, moves to
 * EPAK when it is sent, CONSUMED when it completes, and back to AVAILABLE when it is deleted,
 * stopped, rejected or expires first. Tags placed later count the stamp page as page 1.
 */
export const ComposeStampPaperSchema = z.union([
  z.object({ stampPaperId: IdSchema, documentId: IdSchema.optional() }),
  z.object({
    stateCode: IndiaStateCodeSchema,
    denomination: StampDenominationSchema,
    documentId: IdSchema.optional(),
  }),
]);
export type ComposeStampPaper = z.infer<typeof ComposeStampPaperSchema>;

/** CSV columns of an import (header names, any order; more columns are ignored). */
export const STAMP_PAPER_CSV_COLUMNS = ['stampId', 'stateCode', 'denomination'] as const;
/** Rows per CSV import (more: -143). */
export const STAMP_PAPER_CSV_MAX_ROWS = 5000;

/** Row codes of a CSV import (failed rows carry one with its message). */
export const StampPaperCsvRowCode = {
  STAMP_ID_MISSING: -1,
  STATE_CODE_INVALID: -2,
  DENOMINATION_INVALID: -3,
  DUPLICATE_IN_FILE: -4,
  STAMP_PAPER_EXISTS: -203,
} as const;

export const StampPaperCsvFailedRowSchema = z.object({
  /** 1-based line of the data row (the header is line 1, so the first row is 2). */
  row: z.number().int(),
  stampId: text().max(1000),
  stateCode: text().max(1000),
  denomination: text().max(1000),
  code: z.number().int(),
  message: text().max(1000),
});
export type StampPaperCsvFailedRow = z.infer<typeof StampPaperCsvFailedRowSchema>;

/** `POST /v1/stamppapers/csv/upload` (multipart `file`): valid rows are added, failed rows answered. */
export const StampPaperCsvUploadResultSchema = z.object({
  imported: z.number().int(),
  failed: z.array(StampPaperCsvFailedRowSchema),
});
export type StampPaperCsvUploadResult = z.infer<typeof StampPaperCsvUploadResultSchema>;

/** `POST /v1/stamppapers/csv/export`: the failed rows of an import back as CSV (with code and message). */
export const StampPaperCsvFailedExportSchema = z.object({
  rows: z.array(StampPaperCsvFailedRowSchema).max(STAMP_PAPER_CSV_MAX_ROWS),
});

/** `GET /v1/stamppapers/csv/export`: the inventory as CSV, with the list's filters. */
export const StampPaperCsvExportQuerySchema = z.object({
  stateCode: IndiaStateCodeSchema.optional(),
  denomination: StampDenominationSchema.optional(),
  status: StampPaperStatusSchema.optional(),
});

export const StampPaperPathSchema = z.object({ stampPaperId: IdSchema });
