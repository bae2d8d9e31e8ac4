import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import type { BlobStore } from '../adapters/storage/blob-store.ts';
import { roleStatements } from '../db/role-statements.ts';
import type { DatabaseLocation } from './backup.ts';
import {
  BackupDamaged,
  type BackupKey,
  BackupKeyRefused,
  decryptBackup,
  isEncryptedBackup,
} from './backup-crypto.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  BLOB_PREFIX,
  COUNTED_TABLES,
  knownMigrations,
  MANIFEST_ENTRY,
  MIGRATIONS_SQL,
  type Progress,
} from './backup-format.ts';
import { checkToolVersion, connectionEnv, runPgTool } from './pg-tools.ts';
import { makeDataDirPrivate, PRIVATE_DIR_MODE } from './private-files.ts';

/** A restore that was refused before anything was written: the message says why. */
export class RestoreRefused extends Error {}

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** The archive's entries in order, each read (or drained) by `onEntry` before the next. */
async function eachEntry(
  file: string,
  key: BackupKey | null,
  onEntry: (name: string, size: number, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const feeding = key
    ? pipeline(createReadStream(file), decryptBackup(key), createGunzip(), extract)
    : pipeline(createReadStream(file), createGunzip(), extract);
  let fed: Error | null = null;
  const fedDone = feeding.catch((e: Error) => {
    fed = e;
  });
  /** A wrong key or an encrypted archive changed after it was written: refused, in its words. */
  const keyProblem = (): RestoreRefused | null => {
    const e = fed as Error | null;
    if (!(e instanceof BackupKeyRefused || e instanceof BackupDamaged)) return null;
    return new RestoreRefused(`${e.message.charAt(0).toUpperCase()}${e.message.slice(1)}`);
  };
  let inEntry = false;
  try {
    for await (const entry of extract) {
      inEntry = true;
      await onEntry(entry.header.name, entry.header.size ?? 0, entry as AsyncIterable<Buffer>);
      inEntry = false;
    }
  } catch (e) {
    extract.destroy();
    await fedDone;
    const refused = keyProblem();
    if (refused) throw refused;
    // Errors of the restore itself pass; a broken gzip or tar stream is the archive's fault.
    if (e instanceof RestoreRefused || (inEntry && !(e as { code?: string }).code?.startsWith('Z_'))) throw e;
    throw new RestoreRefused(`The archive cannot be read: ${(e as Error).message}`);
  }
  await fedDone;
  const refused = keyProblem();
  if (refused) throw refused;
  if (fed) throw new RestoreRefused(`The archive cannot be read: ${(fed as Error).message}`);
}

async function readAll(body: AsyncIterable<Buffer>, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new RestoreRefused('An archive entry is larger than allowed');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function hashOf(body: AsyncIterable<Buffer>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

function parseManifest(bytes: Buffer): BackupManifest {
  let m: BackupManifest;
  try {
    m = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused('The archive has no readable manifest: it is not a Signet backup');
  }
  if (m.format !== BACKUP_FORMAT) throw new RestoreRefused('The archive is not a Signet backup');
  if (m.version !== BACKUP_VERSION)
    throw new RestoreRefused(
      `The archive is backup format ${m.version}; this Signet reads format ${BACKUP_VERSION}`,
    );
  const known = knownMigrations();
  if (
    m.migrations.applied > known.length ||
    (m.migrations.last !== null && !known.includes(m.migrations.last))
  )
    throw new RestoreRefused(
      `The backup's database is at migration ${m.migrations.applied}, which this Signet (${known.length} migrations) does not know: restore it with the version that made it, or a newer one`,
    );
  return m;
}

/**
 * The key to read the archive with: null for a plain one. An encrypted archive without a key is
 * refused; a key given for a plain archive is not needed (said, not refused).
 */
async function keyFor(file: string, key: BackupKey | null, progress: Progress): Promise<BackupKey | null> {
  let encrypted: boolean;
  try {
    encrypted = await isEncryptedBackup(file);
  } catch (e) {
    throw new RestoreRefused(`The archive cannot be read: ${(e as Error).message}`);
  }
  if (encrypted && !key)
    throw new RestoreRefused(
      'The archive is encrypted: give the key it was made with (--key-file, or BACKUP_PASSPHRASE)',
    );
  if (!encrypted && key) progress('the archive is not encrypted: the key is not needed');
  return encrypted ? key : null;
}

/** Pass 1: the whole archive is checked (manifest, database digest, every blob's hash) before any write. */
async function verifyArchive(
  file: string,
  key: BackupKey | null,
  progress: Progress,
): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  let databaseSeen = false;
  const wanted = new Set<string>();
  const seen = new Set<string>();
  await eachEntry(file, key, async (name, _size, body) => {
    if (!manifest) {
      if (name !== MANIFEST_ENTRY) throw new RestoreRefused('The archive does not start with its manifest');
      manifest = parseManifest(await readAll(body, MAX_MANIFEST_BYTES));
      for (const h of manifest.blobs.hashes) wanted.add(h);
      progress(
        `archive of ${manifest.createdAt}: ${manifest.database.kind} database, migration ${manifest.migrations.applied}, ${manifest.blobs.count} blobs`,
      );
      return;
    }
    const m: BackupManifest = manifest;
    if (name === m.database.entry && !databaseSeen) {
      const digest = await hashOf(body);
      if (digest.sha256 !== m.database.sha256 || digest.size !== m.database.size)
        throw new RestoreRefused(
          'The database dump in the archive does not match its manifest: the archive is damaged',
        );
      databaseSeen = true;
      return;
    }
    const hash = name.startsWith(BLOB_PREFIX) ? name.slice(BLOB_PREFIX.length) : null;
    if (hash === null || !wanted.has(hash) || seen.has(hash))
      throw new RestoreRefused(`The archive holds an unexpected entry: ${name}`);
    const digest = await hashOf(body);
    if (digest.sha256 !== hash)
      throw new RestoreRefused(`Blob ${hash} in the archive does not match its hash: the archive is damaged`);
    seen.add(hash);
    if (seen.size % 100 === 0) progress(`checked ${seen.size} of ${wanted.size} blobs`);
  });
  const m = manifest as BackupManifest | null;
  if (!m) throw new RestoreRefused('The archive is empty');
  if (!databaseSeen) throw new RestoreRefused('The archive holds no database dump');
  if (seen.size !== wanted.size)
    throw new RestoreRefused(`The archive lacks ${wanted.size - seen.size} of the blobs its manifest lists`);
  progress(`archive checked: database and ${seen.size} blobs match their hashes`);
  return m;
}

/** The target must be empty: no tables in the database, no blobs in the store. */
async function ensureEmpty(database: DatabaseLocation, blobs: BlobStore): Promise<void> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_class c
        join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p') and s.nspname not like 'pg\\_%' and s.nspname <> 'information_schema'`);
      const n = rows[0]?.n ?? 0;
      if (n > 0)
        throw new RestoreRefused(
          `The target database is not empty (${n} tables): restore into a new, empty database (createdb) so nothing is overwritten`,
        );
    } finally {
      await client.end();
    }
  } else {
    const dir = join(database.dataDir, 'pglite');
    const entries = await readdir(dir).catch(() => [] as string[]);
    if (entries.length > 0)
      throw new RestoreRefused(
        `The target embedded database ${dir} is not empty: restore into a new data folder (DATA_DIR) so nothing is overwritten`,
      );
  }
  for await (const _ of blobs.list())
    throw new RestoreRefused(
      'The target blob store already holds blobs: restore into an empty folder or bucket (prefix) so nothing is mixed',
    );
}

/** Before pg_restore: the role the dump grants to exists in this cluster too, made by migration 0001's own statements. */
async function prepareRoles(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of roleStatements()) await client.query(statement);
  } finally {
    await client.end();
  }
}

async function recount(database: DatabaseLocation) {
  const queries = async (query: <R>(text: string) => Promise<R[]>) => {
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES)
      counts[table] = (await query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0;
    const [migrations] = await query<{ applied: number }>(MIGRATIONS_SQL);
    return { counts, applied: migrations?.applied ?? 0 };
  };
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return await queries(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const client = new PGlite(join(database.dataDir, 'pglite'));
  await client.waitReady;
  try {
    return await queries(async <R>(text: string) => (await client.query<R>(text)).rows);
  } finally {
    await client.close();
    // PGlite writes the files it loads 0666 (whatever the umask): the data folder is made private.
    await makeDataDirPrivate(database.dataDir);
  }
}

/**
 * Restores an archive made by `writeBackup` into an empty installation: refuses a non-empty
 * target, checks the whole archive (migration level, database digest, every blob's hash) before
 * writing anything, then loads the database (pg_restore, or PGlite's `loadDataDir`) and puts
 * every blob, checking each hash again, and compares the restored row counts with the manifest.
 * An encrypted archive is decrypted as it is read, in both passes: a wrong key, or a byte changed
 * since it was written, is refused in the first, before anything is written.
 */
export async function restoreBackup(opts: {
  from: string;
  database: DatabaseLocation;
  blobs: BlobStore;
  /** The key of an encrypted archive (refused without it, or with another). */
  key?: BackupKey | null;
  progress?: Progress;
}): Promise<BackupManifest> {
  const progress = opts.progress ?? (() => undefined);
  const key = await keyFor(opts.from, opts.key ?? null, progress);
  await ensureEmpty(opts.database, opts.blobs);
  const manifest = await verifyArchive(opts.from, key, progress);
  if (manifest.database.kind !== opts.database.kind)
    throw new RestoreRefused(
      `The backup holds a ${manifest.database.kind} database and the target is ${opts.database.kind}: restore into the same kind of database`,
    );
  if (opts.database.kind === 'postgres') {
    await checkToolVersion('pg_restore', manifest.database.serverVersion);
    await prepareRoles(opts.database.url);
  }

  let put = 0;
  await eachEntry(opts.from, key, async (name, _size, body) => {
    if (name === MANIFEST_ENTRY) return void (await readAll(body, MAX_MANIFEST_BYTES));
    if (name === manifest.database.entry) {
      progress(`restoring the ${manifest.database.kind} database`);
      const hash = createHash('sha256');
      if (opts.database.kind === 'postgres') {
        const url = opts.database.url;
        // The connection comes from libpq's variables; pg_restore still needs `--dbname` to
        // restore into a database instead of printing SQL.
        const target = connectionEnv(url);
        await runPgTool(
          'pg_restore',
          [
            '--no-owner',
            '--exit-on-error',
            '--single-transaction',
            `--dbname=${target.PGDATABASE ?? target.PGUSER ?? 'postgres'}`,
          ],
          async (input) => {
            for await (const chunk of body) {
              hash.update(chunk as Buffer);
              if (!input.write(chunk)) await new Promise((r) => input.once('drain', r));
            }
            input.end();
          },
          url,
        );
      } else {
        // PGlite loads a data folder from one Blob (its API): the embedded database is held in
        // memory once while it is loaded.
        const bytes = await readAll(body);
        hash.update(bytes);
        if (hash.copy().digest('hex') === manifest.database.sha256) {
          const dir = join(opts.database.dataDir, 'pglite');
          await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
          const client = new PGlite(dir, { loadDataDir: new Blob([bytes]) });
          await client.waitReady;
          await client.close();
        }
      }
      if (hash.digest('hex') !== manifest.database.sha256)
        throw new Error(
          'The database dump changed while it was restored: the archive was modified during the restore',
        );
      progress('database restored');
      return;
    }
    const expected = name.slice(BLOB_PREFIX.length);
    const stored = await opts.blobs.put(new Uint8Array(await readAll(body)));
    if (stored.hash !== expected)
      throw new Error(
        `Blob ${expected} changed while it was restored: the archive was modified during the restore`,
      );
    put += 1;
    if (put % 100 === 0 || put === manifest.blobs.count) progress(`blobs: ${put} of ${manifest.blobs.count}`);
  });

  const after = await recount(opts.database);
  for (const [table, n] of Object.entries(manifest.counts))
    if (after.counts[table] !== n)
      throw new Error(`After the restore ${table} has ${after.counts[table]} rows, the backup had ${n}`);
  if (after.applied !== manifest.migrations.applied)
    throw new Error(
      `After the restore ${after.applied} migrations are recorded, the backup had ${manifest.migrations.applied}`,
    );
  progress(
    `restored: ${Object.entries(manifest.counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}, ${put} blobs`,
  );
  return manifest;
}
