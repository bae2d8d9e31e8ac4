import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * An ePak: documents sent through ordered workflow steps. Status and step progress follow the
 * pure state machine in domain/epaks/workflow-machine.ts; these columns are its stored form.
 */
export const epaks = pgTable(
  'epaks',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    subject: text('subject').notNull(),
    message: text('message').notNull().default(''),
    ownerId: uuid('owner_id').notNull(),
    status: text('status').notNull().default('Draft'),
    signingPolicy: text('signing_policy').notNull().default('ESIGNATURE'),
    /** Hash of the code a recipient must enter before opening (secureDocument). */
    securityCodeHash: text('security_code_hash'),
    viewEnforced: boolean('view_enforced').notNull().default(false),
    requestLocation: text('request_location').notNull().default('OFF'),
    /** Called (GET) when the ePak completes, is rejected or expires; from compose or the OAuth client. */
    callbackUrl: text('callback_url'),
    tags: jsonb('tags').$type<{ key: string; value: string }[]>().notNull().default([]),
    comments: text('comments').notNull().default(''),
    workflowName: text('workflow_name').notNull().default(''),
    workflowTemplateId: uuid('workflow_template_id'),
    /** Order (1-based) of the step that acts now; null before start and after the end. */
    currentStepOrder: integer('current_step_order'),
    progressPercent: integer('progress_percent').notNull().default(0),
    reminderIntervalDays: integer('reminder_interval_days').notNull().default(3),
    reminderMax: integer('reminder_max').notNull().default(5),
    archivalPeriodDays: integer('archival_period_days'),
    createdAt: createdAt(),
    sentOn: tstz('sent_on'),
    modifiedOn: tstz('modified_on').notNull().defaultNow(),
    expiredOn: tstz('expired_on'),
    completedOn: tstz('completed_on'),
    retentionDate: tstz('retention_date'),
    notificationStartDate: tstz('notification_start_date'),
    deletedOn: tstz('deleted_on'),
    deletedBy: uuid('deleted_by'),
    /** Status before a soft delete, so the folders of the other participants stay meaningful. */
    statusBeforeDelete: text('status_before_delete'),
    archivedOn: tstz('archived_on'),
    /**
     * Completion sealing (certificate, document timestamps) is owed: set in the transaction that
     * completes the ePak, so a crash cannot lose it; the `signet-seal` job sets `sealedAt`.
     */
    sealRequestedAt: tstz('seal_requested_at'),
    sealedAt: tstz('sealed_at'),
    sealAttempts: integer('seal_attempts').notNull().default(0),
    /** After a failed attempt: not before this time. */
    sealRetryAt: tstz('seal_retry_at'),
    sealError: text('seal_error'),
    /** Bumped on every change; guards against lost updates between concurrent actions. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Migration 0007 built these two with INCLUDE columns, which Drizzle cannot express: the
    // folder list reads a user's ePaks from the indexes alone.
    index('epaks_owner').on(t.tenantId, t.ownerId, t.status, t.modifiedOn),
    index('epaks_list').on(t.tenantId, t.id),
    index('epaks_modified').on(t.tenantId, t.modifiedOn),
    index('epaks_expiry').on(t.status, t.expiredOn),
    index('epaks_retention').on(t.status, t.retentionDate),
    index('epaks_sealing').on(t.sealRetryAt).where(sql`seal_requested_at is not null and sealed_at is null`),
  ],
);

/** Documents: uploaded to the owner's library, then bound to one ePak (or a template). */
export const documents = pgTable(
  'documents',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    epakId: uuid('epak_id'),
    templateId: uuid('template_id'),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    status: text('status').notNull().default('Uploaded'),
    kind: text('kind').notNull(),
    pageCount: integer('page_count').notNull(),
    /** Per page: width, height (as shown), rotate, mediaBox, cropBox. */
    pages: jsonb('pages').$type<unknown[]>().notNull().default([]),
    /** AcroForm fields found at upload, offered as preconfigured tags. */
    formFields: jsonb('form_fields').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('documents_epak').on(t.tenantId, t.epakId, t.position),
  ],
);

/**
 * Every state a document has been in, each a blob addressed by its SHA-256. The current one is
 * the highest version. Earlier versions are never changed (signatures depend on them).
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    tenantId: tenantId(),
    documentId: uuid('document_id').notNull(),
    version: integer('version').notNull(),
    blobHash: text('blob_hash').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    recipientId: uuid('recipient_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.documentId, t.version] }),
    foreignKey({
      columns: [t.tenantId, t.documentId],
      foreignColumns: [documents.tenantId, documents.id],
    }).onDelete('cascade'),
    index('document_versions_blob').on(t.blobHash),
  ],
);

/** The ordered steps of an ePak (spec "workflow state"). */
export const workflowStates = pgTable(
  'workflow_states',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id').notNull(),
    stepOrder: integer('step_order').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    signingPolicy: text('signing_policy').notNull(),
    /** How many recipients must act for the step to complete; null is all of them. */
    minRequired: integer('min_required'),
    status: text('status').notNull().default('waiting'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.epakId], foreignColumns: [epaks.tenantId, epaks.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('workflow_states_order').on(t.tenantId, t.epakId, t.stepOrder),
  ],
);

/** A recipient of a step (spec "signer entry"). */
export const recipients = pgTable(
  'recipients',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id').notNull(),
    stateId: uuid('state_id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    /** Overrides the step's signing policy for this recipient (two signers of one step may sign differently). */
    signingPolicy: text('signing_policy'),
    position: integer('position').notNull().default(0),
    status: text('status').notNull().default('NotRequired'),
    actedAt: tstz('acted_at'),
    actedIp: text('acted_ip'),
    actedUserAgent: text('acted_user_agent'),
    geolocation: jsonb('geolocation').$type<{
      latitude: number;
      longitude: number;
      accuracy?: number;
    } | null>(),
    delegatedFromId: uuid('delegated_from_id'),
    delegatedToId: uuid('delegated_to_id'),
    reason: text('reason'),
    comment: text('comment'),
    easySignTokenHash: text('easy_sign_token_hash'),
    /** The same token sealed with the master key, so the one link can be sent again (reminders, integrations). */
    easySignTokenSealed: text('easy_sign_token_sealed'),
    easySignUsedAt: tstz('easy_sign_used_at'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: tstz('last_reminded_at'),
    /** For in-person signing: the custodian who hosted the signer. */
    hostUserId: uuid('host_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.epakId], foreignColumns: [epaks.tenantId, epaks.id] }).onDelete(
      'cascade',
    ),
    // Migration 0007 rebuilt this one with INCLUDE (epak_id, created_at, id), which Drizzle
    // cannot express: the folder list reads a user's rows from the index alone.
    index('recipients_user').on(t.tenantId, t.userId, t.status),
    index('recipients_epak').on(t.tenantId, t.epakId),
    index('recipients_state').on(t.tenantId, t.stateId),
    uniqueIndex('recipients_easy_sign').on(t.easySignTokenHash),
  ],
);

/** Tags (signature blocks) placed on document pages (spec §3 Tag). */
export const tags = pgTable(
  'tags',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id').notNull(),
    documentId: uuid('document_id').notNull(),
    /** The recipient who fills it; null for the custodian's own tags. */
    recipientId: uuid('recipient_id'),
    key: text('key').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull().default(''),
    label: text('label').notNull().default(''),
    category: text('category').notNull().default('printed'),
    tagFor: text('tag_for').notNull().default('signer'),
    createType: text('create_type').notNull().default('new'),
    pageNumber: integer('page_number').notNull(),
    positionX: doublePrecision('position_x').notNull(),
    positionY: doublePrecision('position_y').notNull(),
    blockWidth: doublePrecision('block_width').notNull(),
    blockHeight: doublePrecision('block_height').notNull(),
    fontSize: doublePrecision('font_size'),
    fontFamily: text('font_family'),
    fontWeight: text('font_weight'),
    fontStyle: text('font_style'),
    required: boolean('required').notNull().default(true),
    readOnly: boolean('read_only').notNull().default(false),
    value: text('value'),
    status: text('status').notNull().default('notdone'),
    /** blockBounds, children, limits, validations, maxUpload, policyType, subType, originUuid… */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.epakId], foreignColumns: [epaks.tenantId, epaks.id] }).onDelete(
      'cascade',
    ),
    index('tags_document').on(t.tenantId, t.documentId, t.pageNumber),
  ],
);

/**
 * Files recipients gave to attachment tags (spec §4). The tag's value names the file too, but
 * tags are rewritten whenever the owner edits them; this row is what keeps the blob (the sweep
 * reads it) and puts the file in the ePak's zip. One per tag: attaching again replaces it.
 */
export const epakAttachments = pgTable(
  'epak_attachments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id').notNull(),
    documentId: uuid('document_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    recipientId: uuid('recipient_id'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    blobHash: text('blob_hash').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.epakId], foreignColumns: [epaks.tenantId, epaks.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('epak_attachments_tag').on(t.tenantId, t.tagId),
    index('epak_attachments_epak').on(t.tenantId, t.epakId),
    index('epak_attachments_blob').on(t.blobHash),
  ],
);

/** Per user: starred and read (spec §3 `starred`, `isRead`). */
export const epakUserFlags = pgTable(
  'epak_user_flags',
  {
    tenantId: tenantId(),
    epakId: uuid('epak_id').notNull(),
    userId: uuid('user_id').notNull(),
    starred: boolean('starred').notNull().default(false),
    isRead: boolean('is_read').notNull().default(false),
    /** The recipient entered the ePak's security code (secureDocument) and may open it. */
    unlocked: boolean('unlocked').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.epakId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.epakId], foreignColumns: [epaks.tenantId, epaks.id] }).onDelete(
      'cascade',
    ),
    index('epak_user_flags_user').on(t.tenantId, t.userId),
  ],
);

/** Push notifications kept per user, so a client that was offline can fetch what it missed. */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    epakId: uuid('epak_id'),
    subject: text('subject').notNull().default(''),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: tstz('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notifications_user').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/** What a recipient did with one document besides signing: viewed it, reviewed it. */
export const documentActions = pgTable(
  'document_actions',
  {
    tenantId: tenantId(),
    recipientId: uuid('recipient_id').notNull(),
    documentId: uuid('document_id').notNull(),
    action: text('action').notNull(),
    at: tstz('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.recipientId, t.documentId, t.action] })],
);
