import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * The organisation's rubber stamps (`/v2/rubberstamp`, spec §3 "rubber stamp"): a PNG or JPEG
 * image kept as a blob, and the size it is drawn at, in points.
 */
export const rubberStamps = pgTable(
  'rubber_stamps',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    blobHash: text('blob_hash').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    height: integer('height').notNull(),
    width: integer('width').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('rubber_stamps_blob').on(t.blobHash),
    check('rubber_stamps_size', sql`${t.height} > 0 and ${t.width} > 0`),
  ],
);

/** Who may apply a stamp: users (`user`) and groups (`group`) it is shared with. */
export const rubberStampShares = pgTable(
  'rubber_stamp_shares',
  {
    tenantId: tenantId(),
    rubberStampId: uuid('rubber_stamp_id').notNull(),
    kind: text('kind').notNull(),
    principalId: uuid('principal_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.rubberStampId, t.kind, t.principalId] }),
    foreignKey({
      columns: [t.tenantId, t.rubberStampId],
      foreignColumns: [rubberStamps.tenantId, rubberStamps.id],
    }).onDelete('cascade'),
    index('rubber_stamp_shares_principal').on(t.tenantId, t.principalId),
  ],
);
