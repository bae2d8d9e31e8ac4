import type { TemplateStep, TemplateTag } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Reusable workflows (`/v2/workflows`); names are unique per tenant (-63). */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    signingPolicy: text('signing_policy').notNull().default('ESIGNATURE'),
    ownerId: uuid('owner_id').notNull(),
    shared: boolean('shared').notNull().default(true),
    /** Steps with recipient slots (people, groups, roles to fill at compose); may be empty. */
    steps: jsonb('steps').$type<TemplateStep[]>().notNull(),
    reminderIntervalDays: integer('reminder_interval_days').notNull().default(3),
    reminderMax: integer('reminder_max').notNull().default(5),
    /** Days from composing to the ePak's expiry; null: none. */
    expiryDays: integer('expiry_days'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('workflow_templates_name').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** The tenant's step vocabulary (`/v1/workflow/states`), edited by admins. */
export const workflowStateDefinitions = pgTable(
  'workflow_state_definitions',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    action: text('action').notNull(),
    stateOrder: integer('state_order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Document templates: documents with tags and a workflow, used to start an ePak. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').notNull(),
    type: text('type').notNull().default('Owner'),
    signingPolicy: text('signing_policy').notNull().default('ESIGNATURE'),
    workflowTemplateId: uuid('workflow_template_id'),
    /** Tags placed on the template's documents, by document position and step order. */
    tags: jsonb('tags').$type<TemplateTag[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Reasons offered when rejecting, signing or delegating (`/v1/reasons`); id 1 is the default. */
export const reasons = pgTable(
  'reasons',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: integer('id').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull().default('reject'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Letterhead images (`/v1/letterheadtemplate`), kept as blobs. */
export const letterheadTemplates = pgTable(
  'letterhead_templates',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    blobHash: text('blob_hash').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull().default(0),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * The tenant's CA chain and seal key (DOMAIN.md "Keys and certificates"): kind root, issuing or
 * seal; private keys encrypted with AES-256-GCM under the master key.
 */
export const tenantKeys = pgTable(
  'tenant_keys',
  {
    tenantId: tenantId().references(() => tenants.id),
    kind: text('kind').notNull(),
    certificate: bytea('certificate').notNull(),
    privateKey: bytea('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** INTERNAL signing: a user's key and certificate; the key is encrypted under their PIN. */
export const userCertificates = pgTable(
  'user_certificates',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    certificate: bytea('certificate'),
    /** PKCS#8 encrypted under scrypt(PIN); null until a PIN is set or for a CSR-only entry. */
    privateKey: bytea('private_key'),
    pinSalt: bytea('pin_salt'),
    failedPinAttempts: integer('failed_pin_attempts').notNull().default(0),
    status: text('status').notNull().default('active'),
    csr: bytea('csr'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('user_certificates_user').on(t.tenantId, t.userId),
  ],
);

/** A deferred signature between `dochash` and the returned signature value. */
export const pendingSignatures = pgTable(
  'pending_signatures',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    epakId: uuid('epak_id').notNull(),
    documentId: uuid('document_id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    baseVersion: integer('base_version').notNull(),
    preparedBlobHash: text('prepared_blob_hash').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    usedAt: tstz('used_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
