import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The backup archive (README "Backup and restore"): one gzip-compressed tar holding, in order,
 * `manifest.json`, the database (`database/postgres.dump`, pg_dump's custom format, or
 * `database/pglite.tar`, PGlite's `dumpDataDir`) and every blob the database refers to
 * (`blobs/<sha256>`, named by the hash of its bytes).
 */
export const BACKUP_FORMAT = 'signet-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const BLOB_PREFIX = 'blobs/';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    entry: string;
    size: number;
    sha256: string;
    /** `server_version` of the database the dump came from. */
    serverVersion: string;
  };
  /** Drizzle migrations applied in the snapshot: how many, and the newest one's journal time. */
  migrations: { applied: number; last: number | null };
  /** Row counts of the main tables in the snapshot; restore checks them again. */
  counts: Record<string, number>;
  blobs: { count: number; hashes: string[] };
}

/** Tables counted into the manifest and compared after a restore. */
export const COUNTED_TABLES = [
  'tenants',
  'users',
  'epaks',
  'documents',
  'document_versions',
  'activity_log',
] as const;

/**
 * Every blob the database points to: the same places the sweep job protects
 * (db/repositories/due-work.ts `referencedBlobs`), plus attachments named by queued mail.
 */
export const REFERENCED_BLOBS_SQL = `
  select blob_hash as hash from document_versions
  union select blob_hash from letterhead_templates
  union select blob_hash from rubber_stamps
  union select blob_hash from epak_attachments
  union select blob_hash from team_room_documents
  union select certificate_blob_hash from stamp_papers where certificate_blob_hash is not null
  union select prepared_blob_hash from pending_signatures
  union select a->>'blobHash' from mail_outbox m,
    jsonb_array_elements(case when jsonb_typeof(m.meta->'attachments') = 'array'
      then m.meta->'attachments' else '[]'::jsonb end) a
    where a->>'blobHash' is not null
  order by 1`;

export const MIGRATIONS_SQL = `select count(*)::int as applied, max(created_at)::bigint as last
  from drizzle.__drizzle_migrations`;

/** The migrations this build of the server knows (drizzle/meta/_journal.json), by journal time. */
export function knownMigrations(): number[] {
  const journal = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)), 'utf8'),
  ) as { entries: { when: number }[] };
  return journal.entries.map((e) => e.when);
}

export type Progress = (message: string) => void;
