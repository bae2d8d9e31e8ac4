import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';
import { tenants } from './tenants.ts';
import { groups } from './users.ts';

/**
 * A stamp paper (spec §3, §4): India e-stamp paper in the tenant's stock. `stamp_id` is the
 * paper's own id, unique per tenant (-203). The certificate is a blob (PDF, PNG or JPEG); a paper
 * imported from CSV has none (`certificate_type` `generated`: a page stating it is drawn instead).
 * While a document uses it (`DRAFT`, `EPAK`, `CONSUMED`) `epak_id`/`document_id` say where.
 */
export const stampPapers = pgTable(
  'stamp_papers',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    stampId: text('stamp_id').notNull(),
    stateCode: text('state_code').notNull(),
    denomination: integer('denomination').notNull(),
    status: text('status').notNull().default('AVAILABLE'),
    certificateBlobHash: text('certificate_blob_hash'),
    certificateType: text('certificate_type').notNull(),
    certificateSize: bigint('certificate_size', { mode: 'number' }).notNull().default(0),
    epakId: uuid('epak_id'),
    documentId: uuid('document_id'),
    reservedBy: uuid('reserved_by'),
    consumedAt: tstz('consumed_at'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('stamp_papers_stamp_id').on(t.tenantId, t.stampId),
    index('stamp_papers_stock').on(t.tenantId, t.status, t.stateCode, t.denomination),
    index('stamp_papers_epak').on(t.tenantId, t.epakId).where(sql`epak_id is not null`),
    index('stamp_papers_blob').on(t.certificateBlobHash),
  ],
);

/** A paper a user may use (spec §3 "assignments to users"). */
export const stampPaperUsers = pgTable(
  'stamp_paper_users',
  {
    tenantId: tenantId(),
    stampPaperId: uuid('stamp_paper_id').notNull(),
    userId: uuid('user_id').notNull(),
    assignedBy: uuid('assigned_by').notNull(),
    assignedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.stampPaperId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.stampPaperId],
      foreignColumns: [stampPapers.tenantId, stampPapers.id],
    }).onDelete('cascade'),
    index('stamp_paper_users_user').on(t.tenantId, t.userId),
  ],
);

/** A paper the members of a group may use. */
export const stampPaperGroups = pgTable(
  'stamp_paper_groups',
  {
    tenantId: tenantId(),
    stampPaperId: uuid('stamp_paper_id').notNull(),
    groupId: uuid('group_id').notNull(),
    assignedBy: uuid('assigned_by').notNull(),
    assignedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.stampPaperId, t.groupId] }),
    foreignKey({
      columns: [t.tenantId, t.stampPaperId],
      foreignColumns: [stampPapers.tenantId, stampPapers.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.groupId],
      foreignColumns: [groups.tenantId, groups.id],
    }).onDelete('cascade'),
    index('stamp_paper_groups_group').on(t.tenantId, t.groupId),
  ],
);
