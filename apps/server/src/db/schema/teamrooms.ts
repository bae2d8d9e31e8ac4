import { sql } from 'drizzle-orm';
import {
  bigint,
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

/** A team room (spec §3): status ENABLED or TRASH; names unique per tenant ignoring case (-224). */
export const teamRooms = pgTable(
  'team_rooms',
  {
    tenantId: tenantId().references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('ENABLED'),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('team_rooms_name').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** Who is in a room, as `owner` or `member`; membership is what every room call checks. */
export const teamRoomMembers = pgTable(
  'team_room_members',
  {
    tenantId: tenantId(),
    teamRoomId: uuid('team_room_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role').notNull().default('member'),
    addedBy: uuid('added_by').notNull(),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamRoomId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.teamRoomId],
      foreignColumns: [teamRooms.tenantId, teamRooms.id],
    }).onDelete('cascade'),
    index('team_room_members_user').on(t.tenantId, t.userId),
  ],
);

/** A room's folders (one level; a clone copies them). */
export const teamRoomFolders = pgTable(
  'team_room_folders',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    teamRoomId: uuid('team_room_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.teamRoomId],
      foreignColumns: [teamRooms.tenantId, teamRooms.id],
    }).onDelete('cascade'),
    uniqueIndex('team_room_folders_name').on(t.tenantId, t.teamRoomId, sql`lower(${t.name})`),
  ],
);

/**
 * A document kept in a room: its bytes are a blob (the sweep counts this table), its geometry as
 * ingest found it. Starting an ePak copies it into the composer's library (`composeDocumentId`,
 * a `documents` row on the same blob), which compose then binds to the ePak; while that copy is
 * unbound or its ePak is in progress the room document is locked.
 */
export const teamRoomDocuments = pgTable(
  'team_room_documents',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    teamRoomId: uuid('team_room_id').notNull(),
    folderId: uuid('folder_id'),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    kind: text('kind').notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages').$type<unknown[]>().notNull().default([]),
    formFields: jsonb('form_fields').$type<unknown[]>().notNull().default([]),
    blobHash: text('blob_hash').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    createdAt: createdAt(),
    composeDocumentId: uuid('compose_document_id'),
    composedBy: uuid('composed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.teamRoomId],
      foreignColumns: [teamRooms.tenantId, teamRooms.id],
    }).onDelete('cascade'),
    index('team_room_documents_room').on(t.tenantId, t.teamRoomId),
    index('team_room_documents_blob').on(t.blobHash),
  ],
);
