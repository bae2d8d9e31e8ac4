import { sql } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantId, tstz } from './columns.ts';
import { epaks } from './epaks.ts';
import { documentTemplates, workflowTemplates } from './templates.ts';

/** What one HTML input fills: a template field (by name), a recipient's email or name, or the subject. */
export type WebformTargetRow =
  | { kind: 'field'; field: string }
  | { kind: 'recipient'; step: number; index: number; part: 'email' | 'firstName' | 'lastName' }
  | { kind: 'subject' };

/**
 * Web-form mappings (issue 12, `/v2/webform`): a site's HTML form posts to a per-mapping URL with
 * its key, and Signet composes and starts an ePak from the document template and workflow with
 * the posted values. The key is stored twice: a SHA-256 digest to check posts, and sealed with
 * the master key (bound to the mapping) so the admin can read the generated API again.
 */
export const webformMappings = pgTable(
  'webform_mappings',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    documentTemplateId: uuid('document_template_id').notNull(),
    /** Null: the document template's own workflow. */
    workflowTemplateId: uuid('workflow_template_id'),
    /** The form's input names, in the order the admin listed them. */
    inputNames: text('input_names').array().notNull(),
    /** Per input name, what it fills; inputs without an entry are accepted and ignored. */
    targets: jsonb('targets').$type<Record<string, WebformTargetRow>>().notNull().default({}),
    /** Who the ePaks are sent as: the admin who last saved the mapping. */
    senderId: uuid('sender_id').notNull(),
    keyHash: text('key_hash').notNull(),
    keySealed: text('key_sealed').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('webform_mappings_name').on(t.tenantId, sql`lower(${t.name})`),
    // A template a mapping uses cannot go (the use cases answer -183 first).
    foreignKey({
      columns: [t.tenantId, t.documentTemplateId],
      foreignColumns: [documentTemplates.tenantId, documentTemplates.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.workflowTemplateId],
      foreignColumns: [workflowTemplates.tenantId, workflowTemplates.id],
    }),
  ],
);

/**
 * The ePaks a mapping has composed: a mapping with any is in use and cannot be deleted (-183).
 * A purged ePak takes its row with it.
 */
export const webformEpaks = pgTable(
  'webform_epaks',
  {
    tenantId: tenantId(),
    epakId: uuid('epak_id').notNull(),
    mappingId: uuid('mapping_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.epakId] }),
    index('webform_epaks_mapping').on(t.tenantId, t.mappingId),
    foreignKey({ columns: [t.tenantId, t.epakId], foreignColumns: [epaks.tenantId, epaks.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.tenantId, t.mappingId],
      foreignColumns: [webformMappings.tenantId, webformMappings.id],
    }),
  ],
);
